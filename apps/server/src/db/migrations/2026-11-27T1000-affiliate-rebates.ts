// Referral rebates: one row per confirmed online payment of an invitee that earned its inviter a
// share. The unique payment id is what makes a rebate exactly-once whatever the callback retries.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createTable(db, engine, 'affiliate_rebates')
    .$call(withId(engine))
    .addColumn('inviter_id', 'bigint', (c) => c.notNull())
    .addColumn('invitee_id', 'bigint', (c) => c.notNull())
    .addColumn('top_up_id', 'bigint', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'affiliate_rebates', ['top_up_id'], true);
  await index(db, 'affiliate_rebates', ['inviter_id', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('affiliate_rebates').ifExists().execute();
}
