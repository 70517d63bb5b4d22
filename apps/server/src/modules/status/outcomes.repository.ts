// SQL of the status buckets: add a batch of per-minute counts, read a window grouped by interval.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';
import type { StatusBinColumn } from '../../db/schema';
import { BIN_COUNT } from './outcome-histogram';

export interface BucketCounts {
  minute: number;
  model_name: string;
  channel_id: number;
  success: number;
  failure: number;
  latency_sum: number;
  ttft_count: number;
  lat: number[];
  ttft: number[];
}

const binColumns = (prefix: 'lat' | 'ttft') =>
  Array.from({ length: BIN_COUNT }, (_, bin) => `${prefix}_${bin}` as StatusBinColumn);
const LAT = binColumns('lat');
const TTFT = binColumns('ttft');
const SUMMED = ['success', 'failure', 'latency_sum', 'ttft_count', ...LAT, ...TTFT] as const;

/** Adds the counts to the rows of the same (minute, model, channel); one statement per batch. */
export async function addBuckets(db: Db, buckets: readonly BucketCounts[]): Promise<void> {
  if (buckets.length === 0) return;
  const rows = buckets.map((bucket) => {
    const row: Record<string, number | string> = {
      minute: bucket.minute,
      model_name: bucket.model_name,
      channel_id: bucket.channel_id,
      success: bucket.success,
      failure: bucket.failure,
      latency_sum: bucket.latency_sum,
      ttft_count: bucket.ttft_count,
    };
    LAT.forEach((column, bin) => {
      row[column] = bucket.lat[bin] ?? 0;
    });
    TTFT.forEach((column, bin) => {
      row[column] = bucket.ttft[bin] ?? 0;
    });
    return row;
  });
  const insert = db.insertInto('status_buckets').values(rows as never);
  if (engineOf(db) === 'mysql') {
    const set = Object.fromEntries(
      SUMMED.map((column) => [column, sql`${sql.ref(column)} + values(${sql.ref(column)})`]),
    );
    await insert.onDuplicateKeyUpdate(set as never).execute();
    return;
  }
  const set = Object.fromEntries(
    SUMMED.map((column) => [
      column,
      sql`${sql.ref(`status_buckets.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ]),
  );
  await insert
    .onConflict((conflict) =>
      conflict.columns(['minute', 'model_name', 'channel_id']).doUpdateSet(set as never),
    )
    .execute();
}

export interface SlotRow {
  model_name: string;
  channel_id: number;
  slot: number;
  success: number;
  failure: number;
  lat: number[];
  ttft: number[];
}

/** Sums of each (model, channel, interval) since `start`; slot = interval index from `start`. */
export async function readWindow(db: Db, start: number, interval: number): Promise<SlotRow[]> {
  const offset = sql<number>`${sql.ref('minute')} - ${start}`;
  // Integer division: `/` on integers everywhere but MySQL, which has DIV.
  const slot =
    engineOf(db) === 'mysql'
      ? sql<number>`(${offset}) DIV ${interval}`
      : sql<number>`(${offset}) / ${interval}`;
  const rows = await db
    .selectFrom('status_buckets')
    .select((eb) => [
      'model_name',
      'channel_id',
      slot.as('slot'),
      ...SUMMED.filter((c) => c !== 'latency_sum' && c !== 'ttft_count').map((column) =>
        eb.fn.sum<number>(column).as(column),
      ),
    ])
    .where('minute', '>=', start)
    .groupBy(['model_name', 'channel_id', sql`slot` as never])
    .execute();
  return rows.map((row) => {
    const record = row as unknown as Record<string, unknown>;
    return {
      model_name: String(record.model_name),
      channel_id: Number(record.channel_id),
      slot: Number(record.slot),
      success: Number(record.success),
      failure: Number(record.failure),
      lat: LAT.map((column) => Number(record[column])),
      ttft: TTFT.map((column) => Number(record[column])),
    };
  });
}

/** Channel names by id, for the admins' rows. */
export async function channelNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** Deletes buckets older than `before` (the longest window is a week). */
export async function pruneBuckets(db: Db, before: number): Promise<void> {
  await db.deleteFrom('status_buckets').where('minute', '<', before).execute();
}
