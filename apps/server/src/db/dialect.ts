// Dialect helpers: the few statements whose SQL differs between SQLite, PostgreSQL and MySQL.
import {
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
  sql,
  type UpdateObject,
} from 'kysely';
import type { DatabaseEngine } from '../config';
import type { Schema } from './schema';

/** Which engine a database (or a transaction on it) talks to. */
export function engineOf<DB>(db: Kysely<DB>): DatabaseEngine {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/** True when an insert or update failed on a UNIQUE or PRIMARY KEY constraint. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

type Column<TB extends keyof Schema> = string & keyof Schema[TB];

/** INSERT that leaves existing rows untouched when a unique key already holds the value. */
export function insertIgnoringDuplicates<TB extends keyof Schema, O>(
  db: Kysely<Schema>,
  query: InsertQueryBuilder<Schema, TB, O>,
  keyColumn: Column<TB>,
): InsertQueryBuilder<Schema, TB, O> {
  if (engineOf(db) === 'mysql') {
    // `key = key` is a no-op update; unlike INSERT IGNORE it does not hide other errors.
    const noop = { [keyColumn]: sql.ref(keyColumn) } as UpdateObject<Schema, TB, TB>;
    return query.onDuplicateKeyUpdate(noop);
  }
  return query.onConflict((conflict) => conflict.doNothing());
}

/** INSERT … or UPDATE the given columns with the inserted values when the key exists. */
export function upsert<TB extends keyof Schema, O>(
  db: Kysely<Schema>,
  query: InsertQueryBuilder<Schema, TB, O>,
  conflictColumns: readonly Column<TB>[],
  updateColumns: readonly Column<TB>[],
): InsertQueryBuilder<Schema, TB, O> {
  if (engineOf(db) === 'mysql') {
    const set = Object.fromEntries(
      updateColumns.map((column) => [column, sql`values(${sql.ref(column)})`]),
    ) as UpdateObject<Schema, TB, TB>;
    return query.onDuplicateKeyUpdate(set);
  }
  const set = Object.fromEntries(
    updateColumns.map((column) => [column, sql.ref(`excluded.${column}`)]),
  );
  // TypeScript cannot relate a generic table's columns to Kysely's conflict builder types.
  return query.onConflict((conflict) => {
    const target = conflict.columns(conflictColumns as Parameters<typeof conflict.columns>[0]);
    return target.doUpdateSet(set as Parameters<typeof target.doUpdateSet>[0]);
  });
}

/** Runs an INSERT of one row into a table with an auto-increment `id` and returns that id. */
export async function insertReturningId<TB extends keyof Schema>(
  db: Kysely<Schema>,
  query: InsertQueryBuilder<Schema, TB, InsertResult>,
): Promise<number> {
  // PostgreSQL reports no insertId; it needs RETURNING.
  if (engineOf(db) === 'postgres') {
    const row = (await query.returning(sql.ref('id').as('id')).executeTakeFirstOrThrow()) as {
      id: unknown;
    };
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
