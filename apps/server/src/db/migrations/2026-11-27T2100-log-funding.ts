// Which funding source paid for a consume log (issues 31 and 32): `wallet`, `plan:<subscription
// id>` or `org:<org id>`, the journal's `funding` text of the reservation it settles. Every log
// so far was paid from the wallet (or moved no quota at all).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('logs')
    .addColumn('funding', 'varchar(48)', (c) => c.notNull().defaultTo('wallet'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logs').dropColumn('funding').execute();
}
