// The currency of a channel's balance: providers in mainland China (SiliconFlow, Moonshot's .cn
// platform, a DeepSeek account without a USD entry) report yuan, which the console showed as
// dollars. Balances read before this column existed were stored as dollars (new-api's rule).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('balance_currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('balance_currency').execute();
}
