// Passkeys (issue 33): a user's WebAuthn credentials, and the single-use challenges of the
// ceremonies in flight (in the database, so a ceremony may start on one node and finish on
// another).
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index, withId } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  // `credential_id` and `public_key` are base64url; `counter` is the newest signature counter
  // seen (0 for authenticators that keep none, as synced passkeys do).
  await createTable(db, engine, 'passkeys')
    .$call(withId(engine))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('credential_id', 'varchar(512)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, 'passkeys', ['credential_id'], true);
  await index(db, 'passkeys', ['user_id']);
  // A challenge row is deleted by the verify that uses it; `user_id` is 0 for a sign-in's.
  await createTable(db, engine, 'passkey_challenges')
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'passkey_challenges', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
