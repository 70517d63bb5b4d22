// SQL for the dashboard: the aggregator's watermark, folding consume logs into hourly quota_data
// buckets, and reading buckets back.
import { LogType, type UsageBucket } from '@switchyard/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export const HOUR = 3600;

export async function readWatermark(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('aggregation_watermarks')
    .select('last_log_id')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.last_log_id ?? 0);
}

/** When the data was last brought up to date (unix seconds; 0: never). */
export async function readFoldedAt(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('aggregation_watermarks')
    .select('folded_at')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.folded_at ?? 0);
}

/** Records that every log created before `at` is folded in (never moves it back). */
export async function markFolded(db: Db, name: string, at: number): Promise<void> {
  await db
    .updateTable('aggregation_watermarks')
    .set({ folded_at: at })
    .where('name', '=', name)
    .where('folded_at', '<', at)
    .execute();
}

/** Moves the watermark from `from` to `to`; false when another node moved it first. */
export async function claimWatermark(db: Db, name: string, from: number, to: number) {
  const result = await db
    .updateTable('aggregation_watermarks')
    .set({ last_log_id: to })
    .where('name', '=', name)
    .where('last_log_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The last id of the next run of at most `limit` logs after `afterId` that were all created
 * before `settledBefore` (a log newer than that may have a smaller id than a row still being
 * committed). Returns afterId when there is nothing to fold.
 */
export async function nextSettledLogId(
  db: Db,
  afterId: number,
  settledBefore: number,
  limit: number,
): Promise<number> {
  const rows = await db
    .selectFrom('logs')
    .select(['id', 'created_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  let last = afterId;
  for (const row of rows) {
    if (row.created_at >= settledBefore) break;
    last = Number(row.id);
  }
  return last;
}

export interface FoldedBucket {
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

const hourOf = sql<number>`created_at - (created_at % ${sql.lit(HOUR)})`;

type LogsQuery = ReturnType<typeof consumeLogs>;

const consumeLogs = (db: Db) => db.selectFrom('logs').where('type', '=', LogType.consume);

/** Consumption summed per user, model and hour: the one fold both the buckets and org data use. */
async function sumPerUserModelHour(query: LogsQuery): Promise<FoldedBucket[]> {
  const rows = await query
    .select((eb) => [
      'user_id',
      'model_name',
      eb.fn.max('username').as('username'),
      hourOf.as('hour'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('quota').as('quota'),
      eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('token_used'),
    ])
    .groupBy(['user_id', 'model_name', hourOf])
    .execute();
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    username: row.username,
    model_name: row.model_name,
    created_at: Number(row.hour),
    count: Number(row.count),
    quota: Number(row.quota),
    token_used: Number(row.token_used),
  }));
}

/** Consumption in logs (afterId, lastId], summed per user, model and hour. */
export function sumConsumeLogs(db: Db, afterId: number, lastId: number): Promise<FoldedBucket[]> {
  return sumPerUserModelHour(consumeLogs(db).where('id', '>', afterId).where('id', '<=', lastId));
}

/**
 * Consumption one funding source paid for (an org's `org:<id>`) in hours starting within
 * [start, end], per user, model and hour, oldest first; read from the logs as they are (the
 * buckets hold no funding source), over the (funding, created_at) index.
 */
export async function sumFundedUsage(
  db: Db,
  filter: { funding: string; start: number; end: number; userId?: number | undefined },
): Promise<UsageBucket[]> {
  let query = consumeLogs(db)
    .where('funding', '=', filter.funding)
    // The hours starting within [start, end], whole, as quota_data's buckets are read.
    .where('created_at', '>=', Math.ceil(filter.start / HOUR) * HOUR)
    .where('created_at', '<', Math.floor(filter.end / HOUR) * HOUR + HOUR);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  const rows = await sumPerUserModelHour(query);
  return rows
    .sort((a, b) => a.created_at - b.created_at || a.model_name.localeCompare(b.model_name))
    .map(({ user_id: _user, ...bucket }) => bucket);
}

/** Adds to the bucket's counters, creating the bucket when it is new. */
export async function addToBucket(db: Db, bucket: FoldedBucket): Promise<void> {
  const updated = await db
    .updateTable('quota_data')
    .set((eb) => ({
      count: eb('count', '+', bucket.count),
      quota: eb('quota', '+', bucket.quota),
      token_used: eb('token_used', '+', bucket.token_used),
      username: bucket.username,
    }))
    .where('user_id', '=', bucket.user_id)
    .where('model_name', '=', bucket.model_name)
    .where('created_at', '=', bucket.created_at)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('quota_data').values(bucket).execute();
}

export interface BucketFilter {
  start: number;
  end: number;
  userId?: number | undefined;
  username?: string | undefined;
}

/** One user's buckets (by id or username), oldest first. */
export async function listUserBuckets(db: Db, filter: BucketFilter): Promise<UsageBucket[]> {
  let query = db
    .selectFrom('quota_data')
    .select(['model_name', 'username', 'created_at', 'count', 'quota', 'token_used'])
    .where('created_at', '>=', filter.start)
    .where('created_at', '<=', filter.end);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.username !== undefined) query = query.where('username', '=', filter.username);
  const rows = await query.orderBy('created_at').orderBy('model_name').execute();
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    quota: Number(row.quota),
    token_used: Number(row.token_used),
  }));
}

/** Every user's buckets summed per model and hour, oldest first. */
export async function listModelBuckets(
  db: Db,
  filter: Pick<BucketFilter, 'start' | 'end'>,
): Promise<UsageBucket[]> {
  const rows = await db
    .selectFrom('quota_data')
    .select((eb) => [
      'model_name',
      'created_at',
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('quota').as('quota'),
      eb.fn.sum<number>('token_used').as('token_used'),
    ])
    .where('created_at', '>=', filter.start)
    .where('created_at', '<=', filter.end)
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();
  return rows.map((row) => ({
    model_name: row.model_name,
    username: '',
    created_at: Number(row.created_at),
    count: Number(row.count),
    quota: Number(row.quota),
    token_used: Number(row.token_used),
  }));
}
