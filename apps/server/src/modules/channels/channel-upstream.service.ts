// Channel operations that call the provider: the upstream model list and account balances.
import {
  type BalanceUpdateSummary,
  CHANNEL_TYPES,
  type ChannelBalance,
  ChannelStatus,
  type FetchModelsInput,
  type Language,
  trimBaseUrl,
} from '@switchyard/contracts';
import { translate } from '../../i18n';
import { AppError } from '../../lib/errors';
import { isAcceptableBaseUrl } from './base-url';
import { ChannelHealth } from './channel-health';
import { type ChannelRow, listChannelsByTypeAndStatus, updateChannel } from './channels.repository';
import { type ChannelsDeps, type ChannelsService, requireType } from './channels.service';
import {
  type Balance,
  fetchBalance,
  fetchUpstreamModels,
  UpstreamError,
  type UpstreamTarget,
} from './upstream';

/** Balances are read for this many channels at once when updating all. */
const BALANCE_CONCURRENCY = 4;

/** Runs `run` over the items, at most `limit` at a time. */
async function forEachBounded<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class ChannelUpstreamService {
  private readonly health: ChannelHealth;

  constructor(
    private readonly deps: ChannelsDeps,
    private readonly channels: ChannelsService,
  ) {
    this.health = new ChannelHealth(deps.db, deps.options, () => deps.clock.now());
  }

  /** The upstream's model ids (types that list models the OpenAI way only). */
  async fetchModels(id: number): Promise<string[]> {
    const row = await this.channels.require(this.deps.db, id);
    return this.listModels(row.type, this.targetOf(row));
  }

  /**
   * The models of a channel being edited, asked on the server (a browser's cross-origin rule blocks
   * nearly every provider) and stored nowhere: the form's type, base URL and key, each falling
   * back to the stored channel's when an id is given and the form leaves it empty.
   */
  async fetchModelsFor(input: FetchModelsInput): Promise<string[]> {
    const { db } = this.deps;
    const row = input.id === undefined ? undefined : await this.channels.require(db, input.id);
    // The schema asks for a type when no id is given.
    const type = requireType(input.type ?? row?.type ?? 0);
    return this.listModels(type.id, {
      baseUrl: trimBaseUrl(input.base_url || row?.base_url || type.defaultBaseUrl || ''),
      key: input.key || row?.key || '',
      organization: input.openai_organization || row?.openai_organization,
    });
  }

  private async listModels(typeId: number, target: UpstreamTarget): Promise<string[]> {
    if (!requireType(typeId).fetchModels) throw new AppError(200, 'channel.fetchModelsUnsupported');
    try {
      return await fetchUpstreamModels(target);
    } catch (error) {
      throw this.upstreamFailure('channel.fetchModelsFailed', error);
    }
  }

  async updateBalance(id: number): Promise<ChannelBalance> {
    const row = await this.channels.require(this.deps.db, id);
    const api = requireType(row.type).balance;
    if (!api) throw new AppError(200, 'channel.balanceUnsupported');
    let read: Balance;
    try {
      read = await fetchBalance(api, this.targetOf(row), this.deps.clock.now());
    } catch (error) {
      throw this.upstreamFailure('channel.balanceFailed', error);
    }
    const reply: ChannelBalance = {
      balance: read.amount,
      balance_updated_time: this.deps.clock.now(),
      balance_currency: read.currency,
    };
    await updateChannel(this.deps.db, id, reply);
    return reply;
  }

  /**
   * Reads the balance of every enabled channel whose provider reports one. A channel at or below
   * zero is disabled automatically when its auto-ban and the automatic-disable option are on.
   */
  async updateAllBalances(language: Language): Promise<BalanceUpdateSummary> {
    const { db, options } = this.deps;
    const types = CHANNEL_TYPES.filter((type) => type.balance).map((type) => type.id);
    const channels = await listChannelsByTypeAndStatus(db, types, ChannelStatus.enabled);
    const summary: BalanceUpdateSummary = { updated: 0, failed: 0, disabled: 0 };
    await forEachBounded(channels, BALANCE_CONCURRENCY, async (row) => {
      let balance: number;
      try {
        balance = (await this.updateBalance(Number(row.id))).balance;
      } catch {
        summary.failed += 1;
        return;
      }
      summary.updated += 1;
      if (balance > 0 || row.auto_ban !== 1) return;
      if (!options.getBool('AutomaticDisableChannelEnabled')) return;
      // The relay's disable: only from enabled (a concurrent manual disable wins), abilities off.
      const reason = translate(language, 'channel.insufficientBalance');
      if (await this.health.disable(row, reason)) summary.disabled += 1;
    });
    return summary;
  }

  private targetOf(row: ChannelRow): UpstreamTarget {
    const type = requireType(row.type);
    const baseUrl = trimBaseUrl(row.base_url || type.defaultBaseUrl || '');
    // A URL stored before base URLs were checked: a `#` or `?` would drop the appended path.
    if (!isAcceptableBaseUrl(baseUrl)) throw new AppError(400, 'channel.invalidBaseUrl');
    return {
      baseUrl,
      key: row.key,
      organization: row.openai_organization,
    };
  }

  private upstreamFailure(
    key: 'channel.fetchModelsFailed' | 'channel.balanceFailed',
    error: unknown,
  ) {
    if (!(error instanceof UpstreamError)) throw error;
    return new AppError(200, key, { reason: error.message });
  }
}
