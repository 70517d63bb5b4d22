// The currency an order's `money` is in (ISO code, upper case), written when the order is made:
// Stripe's currency is a setting an admin may change, and the payer's history must show what they
// paid in. Empty on older orders (read as epay's yuan, or Stripe's currency as set now).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('top_ups')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('top_ups').dropColumn('currency').execute();
}
