// The reservation journal keeps the start of the token's quota window a reservation was also
// held in (0: none), so a reservation reconciled after its node died gives the window's hold back
// like its balance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('relay_reservations')
    .addColumn('window_started_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('relay_reservations').dropColumn('window_started_at').execute();
}
