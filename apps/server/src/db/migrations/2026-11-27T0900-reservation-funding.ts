// The funding source a reservation was taken from (issue 30): settlement and crash recovery give
// the money back to where it came from. Every row so far was paid from the wallet.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('relay_reservations')
    .addColumn('funding', 'varchar(32)', (c) => c.notNull().defaultTo('wallet'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('relay_reservations').dropColumn('funding').execute();
}
