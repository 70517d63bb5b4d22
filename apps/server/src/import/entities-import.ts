// API tokens (same keys), channels (with their abilities rebuilt) and redemption codes, each
// source row moved once and remembered in the import map.

import type { Db } from '../db/database';
import { insertReturningId } from '../db/dialect';
import { abilitiesOf } from '../modules/channels/abilities';
import { tableReader } from './batches';
import {
  type Mapped,
  mapChannel,
  mapRedemption,
  mapToken,
  type NewChannel,
  type NewRedemption,
  type NewToken,
  noteDropped,
} from './entity-mappers';
import { type EntityKind, type ImportContext, nextDryRunId } from './import-context';
import { recordIds } from './import-state';
import type { SourceRow } from './source';
import { int } from './values';

interface EntityStep<T> {
  kind: EntityKind;
  columns: readonly string[];
  map(row: SourceRow): Mapped<T>;
  /** Inserts the row; returns its new id. */
  insert(db: Db, row: T): Promise<number>;
  /** A unique value the target may already hold (checked before writing). */
  uniqueKey?: (row: T) => string;
  taken?: Set<string>;
}

const BATCH = 500;

async function importEntities<T>(ctx: ImportContext, step: EntityStep<T>): Promise<void> {
  const { report } = ctx;
  const counts = report.counts(step.kind);
  const reader = await tableReader(ctx.source, step.kind, step.columns);
  if (!reader) {
    report.note('note.noTable', { table: step.kind });
    return;
  }
  const map = ctx.maps[step.kind];
  for await (const batch of reader.batches(0, BATCH)) {
    const pairs: [number, number][] = [];
    const work = async (db: Db) => {
      for (const row of batch) {
        const sourceId = int(row, 'id');
        counts.read += 1;
        if (map.has(sourceId)) {
          counts.already += 1;
          continue;
        }
        noteDropped(report, step.kind, row);
        const mapped = step.map(row);
        if ('skip' in mapped) {
          report.skip(step.kind, sourceId, mapped.skip);
          continue;
        }
        const unique = step.uniqueKey?.(mapped.row);
        if (unique !== undefined && step.taken?.has(unique)) {
          report.skip(step.kind, sourceId, 'skip.keyTaken');
          continue;
        }
        if (unique !== undefined) step.taken?.add(unique);
        const targetId = ctx.dryRun ? nextDryRunId() : await step.insert(db, mapped.row);
        map.set(sourceId, targetId);
        pairs.push([sourceId, targetId]);
        counts.imported += 1;
      }
      if (!ctx.dryRun) await recordIds(db, ctx.source.key, step.kind, pairs);
    };
    if (ctx.dryRun) await work(ctx.target);
    else await ctx.target.transaction().execute(work);
  }
}

export async function importTokens(ctx: ImportContext): Promise<void> {
  const keys = await ctx.target.selectFrom('tokens').select('key').execute();
  await importEntities<NewToken>(ctx, {
    kind: 'tokens',
    columns: [
      'user_id',
      'key',
      'status',
      'name',
      'created_time',
      'accessed_time',
      'expired_time',
      'remain_quota',
      'unlimited_quota',
      'model_limits_enabled',
      'model_limits',
      'models',
      'used_quota',
      'deleted_at',
      'allow_ips',
      'subnet',
      'group',
      'cross_group_retry',
      'billing_type',
    ],
    map: (row) => mapToken(row, ctx.maps.users.get(int(row, 'user_id')), ctx.report),
    insert: (db, row) => insertReturningId(db, db.insertInto('tokens').values(row)),
    uniqueKey: (row) => row.key,
    taken: new Set(keys.map((row) => row.key)),
  });
}

export async function importChannels(ctx: ImportContext): Promise<void> {
  await importEntities<NewChannel>(ctx, {
    kind: 'channels',
    columns: [
      'type',
      'key',
      'openai_organization',
      'test_model',
      'status',
      'name',
      'weight',
      'created_time',
      'test_time',
      'response_time',
      'base_url',
      'other',
      'balance',
      'balance_updated_time',
      'models',
      'group',
      'used_quota',
      'model_mapping',
      'status_code_mapping',
      'priority',
      'auto_ban',
      'other_info',
      'max_input_tokens',
      'tag',
      'setting',
      'settings',
      'param_override',
      'header_override',
      'remark',
      'config',
      'system_prompt',
    ],
    map: (row) => mapChannel(row, ctx.report),
    insert: async (db, row) => {
      const id = await insertReturningId(db, db.insertInto('channels').values(row));
      // Abilities are rebuilt from the channel, as Switchyard keeps them (never copied).
      const abilities = abilitiesOf({
        id,
        group: row.group ?? 'default',
        models: row.models,
        status: row.status ?? 1,
        priority: row.priority ?? 0,
        weight: row.weight ?? 0,
      });
      for (let start = 0; start < abilities.length; start += 200) {
        await db
          .insertInto('abilities')
          .values(abilities.slice(start, start + 200))
          .execute();
      }
      return id;
    },
  });
}

export async function importRedemptions(ctx: ImportContext): Promise<void> {
  const keys = await ctx.target.selectFrom('redemptions').select('key').execute();
  await importEntities<NewRedemption>(ctx, {
    kind: 'redemptions',
    columns: [
      'user_id',
      'key',
      'status',
      'name',
      'quota',
      'created_time',
      'redeemed_time',
      'used_user_id',
      'deleted_at',
      'expired_time',
    ],
    map: (row) =>
      mapRedemption(
        row,
        ctx.maps.users.get(int(row, 'user_id')),
        ctx.maps.users.get(int(row, 'used_user_id')),
        ctx.report,
      ),
    insert: (db, row) => insertReturningId(db, db.insertInto('redemptions').values(row)),
    uniqueKey: (row) => row.key,
    taken: new Set(keys.map((row) => row.key)),
  });
}
