// How long a channel's upstream may take to send the head of its reply, in seconds; 0 follows the
// RelayFirstByteTimeout option. A slow reasoning model gets more time than a fast chat one
// without raising the limit for every channel.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('first_byte_timeout', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('first_byte_timeout').execute();
}
