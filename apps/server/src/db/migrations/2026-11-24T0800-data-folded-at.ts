// Dashboard: when the aggregator last brought quota_data up to date (every consume log created
// before this second is folded in), so the dashboard can say how fresh its data is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('aggregation_watermarks')
    .addColumn('folded_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('aggregation_watermarks').dropColumn('folded_at').execute();
}
