// Per-token limits and quota windows (issue 17), and the per-minute outcome buckets of the public
// status page. A window's usage lives on the token row so every node sees it and a restart keeps
// it; `window_reserved` holds what admitted, unsettled requests may still spend.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable } from './table-helpers';

const TOKEN_COUNTERS = [
  'rpm_limit',
  'tpm_limit',
  'concurrency_limit',
  'window_quota',
  'window_started_at',
  'window_used',
  'window_reserved',
];

/** Upper bounds (ms) of the latency histogram bins; the last bin is open-ended. */
export const STATUS_HISTOGRAM_BINS = 12;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of TOKEN_COUNTERS) {
    await db.schema
      .alterTable('tokens')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('tokens')
    .addColumn('window_period', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();

  let table = createTable(db, engineOf(db), 'status_buckets')
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('model_name', 'varchar(191)', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('success', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_sum', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ttft_count', 'bigint', (c) => c.notNull().defaultTo(0));
  for (let bin = 0; bin < STATUS_HISTOGRAM_BINS; bin += 1) {
    table = table
      .addColumn(`lat_${bin}`, 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn(`ttft_${bin}`, 'bigint', (c) => c.notNull().defaultTo(0));
  }
  await table
    .addPrimaryKeyConstraint('status_buckets_pk', ['minute', 'model_name', 'channel_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('status_buckets').ifExists().execute();
  for (const column of [...TOKEN_COUNTERS, 'window_period']) {
    await db.schema.alterTable('tokens').dropColumn(column).execute();
  }
}
