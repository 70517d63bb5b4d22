// Table-building helpers for migrations. Migrations that have landed depend on exactly what these
// emit: never change their output; add a new helper when a later migration needs something else.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DatabaseEngine } from '../../config';

export type Table<C extends string = never> = CreateTableBuilder<string, C>;

/** An auto-increment primary key: rowid alias on SQLite, bigserial on PostgreSQL, bigint on MySQL. */
export function withId<C extends string>(engine: DatabaseEngine) {
  return (table: Table<C>) => {
    if (engine === 'postgres') return table.addColumn('id', 'bigserial', (c) => c.primaryKey());
    if (engine === 'mysql') {
      return table.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement());
    }
    return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
}

export function createTable(db: Kysely<unknown>, engine: DatabaseEngine, name: string): Table {
  const table = db.schema.createTable(name);
  // Case-sensitive comparisons and 4-byte UTF-8 on MySQL, so names behave as on the other engines.
  return engine === 'mysql'
    ? table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`)
    : table;
}

export async function index(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  unique = false,
): Promise<void> {
  const name = `idx_${table}_${columns.join('_')}`;
  const builder = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? builder.unique() : builder).execute();
}
