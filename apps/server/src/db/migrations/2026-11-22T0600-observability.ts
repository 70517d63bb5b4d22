// Observability: the dashboard aggregator's watermark (last log id folded into quota_data), and
// the API token that paid for a drawing or music task (a failed task is refunded to it), and
// covering indexes for the consumption totals (bench/logs: the stat query reads only the index).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index } from './table-helpers';

export const QUOTA_DATA_WATERMARK = 'quota_data';

const SUMMED = ['quota', 'prompt_tokens', 'completion_tokens'];
/** Named by hand: the derived names pass MySQL's 64-character limit. */
const STAT_INDEXES = {
  idx_logs_consume_totals: ['type', 'created_at', ...SUMMED],
  idx_logs_user_consume_totals: ['user_id', 'type', 'created_at', ...SUMMED],
};
const OLD_TYPE_INDEX = 'idx_logs_type_created_at';

/** MySQL names the table in DROP INDEX; the others must not. */
async function dropLogsIndex(db: Kysely<unknown>, name: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (engineOf(db) === 'mysql' ? drop.on('logs') : drop).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // (type, created_at) becomes a prefix of the wider index and is no longer needed.
  await dropLogsIndex(db, OLD_TYPE_INDEX);
  for (const [name, columns] of Object.entries(STAT_INDEXES)) {
    await db.schema.createIndex(name).on('logs').columns(columns).execute();
  }
  await createTable(db, engineOf(db), 'aggregation_watermarks')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_log_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('aggregation_watermarks' as never)
    .values({ name: QUOTA_DATA_WATERMARK, last_log_id: 0 } as never)
    .execute();
  for (const table of ['midjourneys', 'tasks']) {
    await db.schema
      .alterTable(table)
      .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(STAT_INDEXES)) await dropLogsIndex(db, name);
  await index(db, 'logs', ['type', 'created_at']);
  for (const table of ['midjourneys', 'tasks']) {
    await db.schema.alterTable(table).dropColumn('token_id').execute();
  }
  await db.schema.dropTable('aggregation_watermarks').ifExists().execute();
}
