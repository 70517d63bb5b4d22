// SQL for the logs table: writes, the paged list with its total, consumption totals and cleanup.
import { LogType } from '@switchyard/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { LogRow, NewLog, Schema } from '../../db/schema';

export async function insertLogs(db: Db, logs: readonly NewLog[]): Promise<void> {
  if (logs.length === 0) return;
  await db
    .insertInto('logs')
    .values([...logs])
    .execute();
}

/** Exact-match filters; every one maps onto an index led by that column (no LIKE '%…'). */
export interface LogFilter {
  userId?: number | undefined;
  type?: number | undefined;
  username?: string | undefined;
  tokenName?: string | undefined;
  modelName?: string | undefined;
  channelId?: number | undefined;
  /** `wallet`, `plan:<id>`, `plan` for every subscription, or `org:<id>` (an org's log). */
  funding?: string | undefined;
  /** Inclusive unix seconds. */
  start?: number | undefined;
  end?: number | undefined;
}

type LogQuery<O> = SelectQueryBuilder<Schema, 'logs', O>;

function applyFilter<O>(query: LogQuery<O>, filter: LogFilter): LogQuery<O> {
  let q = query;
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type) q = q.where('type', '=', filter.type);
  if (filter.username) q = q.where('username', '=', filter.username);
  if (filter.tokenName) q = q.where('token_name', '=', filter.tokenName);
  if (filter.modelName) q = q.where('model_name', '=', filter.modelName);
  if (filter.channelId) q = q.where('channel_id', '=', filter.channelId);
  if (filter.funding === 'plan') q = q.where('funding', 'like', 'plan:%');
  else if (filter.funding) q = q.where('funding', '=', filter.funding);
  if (filter.start) q = q.where('created_at', '>=', filter.start);
  if (filter.end) q = q.where('created_at', '<=', filter.end);
  return q;
}

/** Newest first; created_at leads the order so the (…, created_at) indexes serve it without a sort. */
export async function listLogs(
  db: Db,
  filter: LogFilter,
  limit: number,
  offset: number,
): Promise<{ rows: LogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectPage(db, filter, limit, offset),
    applyFilter(db.selectFrom('logs'), filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

function selectPage(db: Db, filter: LogFilter, limit: number, offset: number): Promise<LogRow[]> {
  return applyFilter(db.selectFrom('logs'), filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Where a keyset walk stopped: the last row's (created_at, id). */
export interface LogCursor {
  createdAt: number;
  id: number;
}

/** The export's columns. */
export type ExportLogRow = Pick<
  LogRow,
  | 'id'
  | 'content'
  | 'created_at'
  | 'type'
  | 'username'
  | 'token_name'
  | 'model_name'
  | 'quota'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'use_time'
  | 'is_stream'
  | 'channel_id'
  | 'other'
>;

/**
 * The next `limit` matching logs after `cursor`, newest first. Keyset paging keeps each batch as
 * cheap as the first however deep the walk goes (an OFFSET would rescan what it skips).
 */
export function logsAfter(
  db: Db,
  filter: LogFilter,
  cursor: LogCursor | undefined,
  limit: number,
): Promise<ExportLogRow[]> {
  let query = applyFilter(db.selectFrom('logs'), filter);
  if (cursor) {
    // `created_at <= X` leads so every engine seeks the (…, created_at) index to the cursor; the
    // OR only sorts out the rows of that one second.
    query = query
      .where('created_at', '<=', cursor.createdAt)
      .where((eb) => eb.or([eb('created_at', '<', cursor.createdAt), eb('id', '<', cursor.id)]));
  }
  return query
    .select([
      'id',
      'content',
      'created_at',
      'type',
      'username',
      'token_name',
      'model_name',
      'quota',
      'prompt_tokens',
      'completion_tokens',
      'use_time',
      'is_stream',
      'channel_id',
      'other',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Sum of quota, number of rows and tokens over the matching consumption logs. */
export async function sumConsumption(
  db: Db,
  filter: LogFilter,
): Promise<{ quota: number; count: number; tokens: number }> {
  const row = await applyFilter(db.selectFrom('logs'), { ...filter, type: LogType.consume })
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('quota'), eb.lit(0)).as('quota'),
      eb.fn.countAll<number>().as('count'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))),
          eb.lit(0),
        )
        .as('tokens'),
    ])
    .executeTakeFirstOrThrow();
  return { quota: Number(row.quota), count: Number(row.count), tokens: Number(row.tokens) };
}

/** Ids of up to `limit` logs older than `before`, oldest first (one cleanup batch). */
export async function oldLogIds(db: Db, before: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('logs')
    .select('id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function deleteLogs(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('logs')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
