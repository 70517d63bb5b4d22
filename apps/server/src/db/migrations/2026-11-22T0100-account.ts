// Account: single-use, expiring verification secrets (email codes, password-reset tokens) kept in
// the database so every node of a cluster accepts a code another node sent.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable, index } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createTable(db, engine, 'verifications')
    // SHA-256 of purpose, address and secret: the secret itself is never stored.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(db, 'verifications', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verifications').ifExists().execute();
}
