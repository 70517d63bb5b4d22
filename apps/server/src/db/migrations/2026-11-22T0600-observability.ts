// Observability: the dashboard aggregator's watermark (last log id folded into quota_data), and
// the API token that paid for a drawing or music task (a failed task is refunded to it).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable } from './table-helpers';

export const QUOTA_DATA_WATERMARK = 'quota_data';

export async function up(db: Kysely<unknown>): Promise<void> {
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
  for (const table of ['midjourneys', 'tasks']) {
    await db.schema.alterTable(table).dropColumn('token_id').execute();
  }
  await db.schema.dropTable('aggregation_watermarks').ifExists().execute();
}
