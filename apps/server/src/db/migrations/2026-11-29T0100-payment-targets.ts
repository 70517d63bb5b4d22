// What an online payment buys besides wallet quota (issues 31 and 32): a plan (`plan_id`, with the
// plan's price in quota when ordered, `plan_price`, for the inviter's rebate) or an org's wallet
// (`org_id`). 0 in both: a top-up of the payer's own wallet, as every order so far.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['plan_id', 'plan_price', 'org_id']) {
    await db.schema
      .alterTable('top_ups')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['plan_id', 'plan_price', 'org_id']) {
    await db.schema.alterTable('top_ups').dropColumn(column).execute();
  }
}
