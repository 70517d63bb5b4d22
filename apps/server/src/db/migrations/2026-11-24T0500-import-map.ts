// The new-api importer's memory: which source row became which target row (users, tokens,
// channels, codes) and how far each streamed table (logs, top-ups, tasks) has been copied, per
// source, so a second run moves nothing twice.
import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';
import { createTable } from './table-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await createTable(db, engine, 'import_map')
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_import_map', ['source', 'kind', 'source_id'])
    .execute();
  await createTable(db, engine, 'import_watermarks')
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_import_watermarks', ['source', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_watermarks').execute();
  await db.schema.dropTable('import_map').execute();
}
