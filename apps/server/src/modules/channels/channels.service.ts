// Channel administration: validation, create (one channel per key), update, copy, delete and
// abilities. Every change to a channel rebuilds its abilities in the same transaction.
import {
  type Channel,
  type ChannelListQuery,
  type ChannelPage,
  type CreateChannelRequest,
  channelInfoOf,
  channelTypeById,
  DEFAULT_CHANNEL_TYPE,
  DEFAULT_GROUP,
  isJsonStringMap,
  isRoot,
  type Language,
  type ResponsesApiMode,
  responsesApiModeOf,
  splitKeys,
  splitList,
  trimBaseUrl,
  type UpdateChannelRequest,
} from '@switchyard/contracts';
import type { Db } from '../../db/database';
import { translate } from '../../i18n';
import { channelsChanged } from '../../lib/channel-changes';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type AuditActor, recordAudit } from '../audit/audit.writer';
import type { OptionsStore } from '../options/options.store';
import { deleteAbilities, rebuildAbilities, repairAbilities } from './abilities';
import { isAcceptableBaseUrl } from './base-url';
import { toChannel } from './channels.mapper';
import {
  type ChannelFilter,
  type ChannelRow,
  type ChannelUpdate,
  deleteChannels,
  findChannelById,
  findChannelPage,
  findDisabledChannelIds,
  insertChannel,
  listAllChannels,
  lockChannel,
  type NewChannel,
  updateChannel,
} from './channels.repository';

export interface ChannelsDeps {
  db: Db;
  options: OptionsStore;
  clock: Clock;
}

const badInput = (
  key: ConstructorParameters<typeof AppError>[1],
  params?: Record<string, string>,
) => new AppError(400, key, params);

export function requireType(type: number) {
  const info = channelTypeById(type);
  if (!info) throw badInput('channel.unknownType', { type: String(type) });
  return info;
}

function checkBaseUrl(url: string | undefined): void {
  if (url !== undefined && !isAcceptableBaseUrl(url)) throw badInput('channel.invalidBaseUrl');
}

function checkMappings(input: Partial<CreateChannelRequest>): void {
  if (!isJsonStringMap(input.model_mapping)) throw badInput('channel.invalidModelMapping');
  if (!isJsonStringMap(input.status_code_mapping)) {
    throw badInput('channel.invalidStatusCodeMapping');
  }
}

/** The columns an input sets, normalised (lists trimmed and de-duplicated, URL without slash). */
function columnsOf(input: Partial<CreateChannelRequest>): ChannelUpdate {
  const columns: ChannelUpdate = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.type !== undefined) columns.type = input.type;
  if (input.openai_organization !== undefined) {
    columns.openai_organization = input.openai_organization;
  }
  if (input.test_model !== undefined) columns.test_model = input.test_model;
  if (input.base_url !== undefined) columns.base_url = trimBaseUrl(input.base_url);
  if (input.other !== undefined) columns.other = input.other;
  if (input.models !== undefined) columns.models = splitList(input.models).join(',');
  if (input.group !== undefined) {
    columns.group = splitList(input.group).join(',') || DEFAULT_GROUP;
  }
  if (input.model_mapping !== undefined) columns.model_mapping = input.model_mapping.trim();
  if (input.status_code_mapping !== undefined) {
    columns.status_code_mapping = input.status_code_mapping.trim();
  }
  if (input.auto_ban !== undefined) columns.auto_ban = input.auto_ban;
  if (input.priority !== undefined) columns.priority = input.priority;
  if (input.weight !== undefined) columns.weight = input.weight;
  if (input.max_input_tokens !== undefined) columns.max_input_tokens = input.max_input_tokens;
  if (input.first_byte_timeout !== undefined) {
    columns.first_byte_timeout = input.first_byte_timeout;
  }
  if (input.status !== undefined) columns.status = input.status;
  return columns;
}

/**
 * `other_info` with the Responses API mode an admin chose; what the relay learnt in `auto` is
 * forgotten, so the next request asks the upstream again.
 */
function withResponsesMode(otherInfo: string | null, mode: ResponsesApiMode): string {
  const { responses_checked: _checked, ...info } = channelInfoOf(otherInfo);
  return JSON.stringify({ ...info, responses_api: mode });
}

export class ChannelsService {
  constructor(private readonly deps: ChannelsDeps) {}

  async page(query: ChannelListQuery, filter: ChannelFilter = {}): Promise<ChannelPage> {
    const { rows, total } = await findChannelPage(this.deps.db, filter, {
      offset: query.p * query.page_size,
      limit: query.page_size,
      idSort: query.id_sort,
    });
    return { items: rows.map(toChannel), total };
  }

  async get(id: number): Promise<Channel> {
    return toChannel(await this.require(this.deps.db, id));
  }

  /** Creates one channel per non-empty line of the key (batch create); returns their ids. */
  async create(input: CreateChannelRequest, actor: AuditActor): Promise<number[]> {
    const keys = splitKeys(input.key);
    if (input.name.trim() === '' || keys.length === 0) throw badInput('channel.nameKeyRequired');
    if (splitList(input.models).length === 0) throw badInput('channel.modelsRequired');
    const type = requireType(input.type ?? DEFAULT_CHANNEL_TYPE);
    checkBaseUrl(input.base_url);
    checkMappings(input);
    const columns = columnsOf(input);
    const base: Omit<NewChannel, 'key'> = {
      ...columns,
      name: input.name,
      models: columns.models ?? '',
      type: type.id,
      other: input.other || type.defaultOther || '',
      created_time: this.deps.clock.now(),
      ...(input.responses_api === undefined || input.responses_api === 'auto'
        ? {}
        : { other_info: withResponsesMode(null, input.responses_api) }),
    };
    return this.committed(async (trx) => {
      const ids: number[] = [];
      for (const key of keys) {
        const id = await insertChannel(trx, { ...base, key });
        await rebuildAbilities(trx, await this.require(trx, id));
        ids.push(id);
      }
      await recordAudit(trx, actor, {
        action: 'channel.create',
        target_type: 'channel',
        target_id: ids.join(','),
        summary: { name: input.name, type: type.id, count: ids.length },
      });
      return ids;
    });
  }

  /**
   * Applies an edit. Below the super admin, pointing a channel elsewhere (its base URL or type)
   * needs its key re-entered: the stored key would otherwise go to wherever the editor chose (a
   * model list, balance or test call), and admins may use channels but not read their keys.
   */
  async update(input: UpdateChannelRequest, actor: AuditActor): Promise<Channel> {
    const { id, key, ...fields } = input;
    if (fields.name !== undefined && fields.name.trim() === '') {
      throw badInput('channel.nameKeyRequired');
    }
    if (fields.models !== undefined && splitList(fields.models).length === 0) {
      throw badInput('channel.modelsRequired');
    }
    if (fields.type !== undefined) requireType(fields.type);
    checkMappings(fields);
    const patch = columnsOf(fields);
    if (key !== undefined && key.trim() !== '') patch.key = key.trim();
    const row = await this.committed(async (trx) => {
      const current = await lockChannel(trx, id);
      if (!current) throw new AppError(404, 'channel.notFound');
      const retargets =
        (patch.base_url !== undefined && patch.base_url !== trimBaseUrl(current.base_url ?? '')) ||
        (patch.type !== undefined && patch.type !== current.type);
      if (patch.base_url !== current.base_url) checkBaseUrl(patch.base_url ?? undefined);
      if (retargets && patch.key === undefined && !isRoot(actor.role)) {
        throw new AppError(403, 'channel.keyRequiredToRetarget');
      }
      // A PUT of the object GET returned leaves other_info alone while the mode is unchanged.
      if (
        fields.responses_api !== undefined &&
        fields.responses_api !== responsesApiModeOf(current.other_info)
      ) {
        patch.other_info = withResponsesMode(current.other_info, fields.responses_api);
      }
      await updateChannel(trx, id, patch);
      // Which fields changed, never their values: `key` is named, not shown.
      await recordAudit(trx, actor, {
        action: 'channel.update',
        target_type: 'channel',
        target_id: id,
        summary: { fields: Object.keys(patch) },
      });
      const updated = await this.require(trx, id);
      await rebuildAbilities(trx, updated);
      return updated;
    });
    return toChannel(row);
  }

  /** A new channel with the same settings and key; counters and test results start afresh. */
  async copy(id: number, language: Language, actor: AuditActor): Promise<number> {
    return this.committed(async (trx) => {
      const source = await this.require(trx, id);
      const {
        id: _id,
        balance: _balance,
        balance_updated_time: _balanceTime,
        balance_currency: _balanceCurrency,
        used_quota: _used,
        response_time: _responseTime,
        test_time: _testTime,
        ...settings
      } = source;
      const copyId = await insertChannel(trx, {
        ...settings,
        name: translate(language, 'channel.copyName', { name: source.name }),
        created_time: this.deps.clock.now(),
      });
      await rebuildAbilities(trx, await this.require(trx, copyId));
      await recordAudit(trx, actor, {
        action: 'channel.copy',
        target_type: 'channel',
        target_id: copyId,
        summary: { from: id, name: source.name },
      });
      return copyId;
    });
  }

  async remove(id: number, actor: AuditActor): Promise<void> {
    await this.committed(async (trx) => {
      const channel = await this.require(trx, id);
      await this.removeMany(trx, [id]);
      await recordAudit(trx, actor, {
        action: 'channel.delete',
        target_type: 'channel',
        target_id: id,
        summary: { name: channel.name },
      });
    });
  }

  /** Deletes every manually or automatically disabled channel; returns how many. */
  removeDisabled(actor: AuditActor): Promise<number> {
    return this.committed(async (trx) => {
      const ids = await findDisabledChannelIds(trx);
      const count = await this.removeMany(trx, ids);
      await this.auditMany(trx, actor, 'channel.delete_disabled', ids, count);
      return count;
    });
  }

  /** Deletes the listed channels that exist; returns how many. */
  removeBatch(ids: number[], actor: AuditActor): Promise<number> {
    return this.committed(async (trx) => {
      const unique = [...new Set(ids)];
      const count = await this.removeMany(trx, unique);
      await this.auditMany(trx, actor, 'channel.delete_batch', unique, count);
      return count;
    });
  }

  /** Repairs the abilities table; returns how many channels needed it. */
  fixAbilities(actor: AuditActor): Promise<number> {
    return this.committed(async (trx) => {
      const count = await repairAbilities(trx, await listAllChannels(trx));
      await recordAudit(trx, actor, {
        action: 'channel.fix_abilities',
        target_type: 'channel',
        summary: { count },
      });
      return count;
    });
  }

  /**
   * Runs a change in a transaction, then clears the relay's cached channel candidates: a read
   * that began before the commit must not keep what it saw (relay/candidate-cache.ts).
   */
  private async committed<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await this.deps.db.transaction().execute(work);
    channelsChanged();
    return result;
  }

  private auditMany(trx: Db, actor: AuditActor, action: string, ids: number[], count: number) {
    return recordAudit(trx, actor, {
      action,
      target_type: 'channel',
      target_id: ids.slice(0, 20).join(','),
      summary: { ids, count },
    });
  }

  private async removeMany(trx: Db, ids: number[]): Promise<number> {
    await deleteAbilities(trx, ids);
    return deleteChannels(trx, ids);
  }

  /** The channel or a 404 with the spec message. */
  async require(db: Db, id: number): Promise<ChannelRow> {
    const row = await findChannelById(db, id);
    if (!row) throw new AppError(404, 'channel.notFound');
    return row;
  }
}
