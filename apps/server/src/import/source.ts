// Opens a new-api / one-api database (SQLite file, postgres://…, mysql://…) read-only through
// Kysely and tells which of a table's columns exist in that release.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';

/** The source's rows are read untyped: every release has its own columns. */
export type SourceRow = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the source schema differs per release; mappers check each value.
export type SourceDb = Kysely<any>;

export interface Source {
  db: SourceDb;
  engine: 'sqlite' | 'postgres' | 'mysql';
  /** Where it is, without credentials (for the report). */
  description: string;
  /** Stable id of this source in the import map (a hash of its address). */
  key: string;
  /** Column names of a table, or undefined when the release has no such table. */
  columns(table: string): Promise<Set<string> | undefined>;
  close(): Promise<void>;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

function open(from: string): Pick<Source, 'db' | 'engine' | 'description'> & { identity: string } {
  if (/^postgres(ql)?:\/\//.test(from)) {
    const url = new URL(from);
    const types: pg.CustomTypesConfig = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 || oid === PG_NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    };
    const pool = new pg.Pool({ connectionString: from, max: 2, types });
    pool.on('error', () => undefined);
    const description = `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
    return {
      db: new Kysely({ dialect: new PostgresDialect({ pool }) }),
      engine: 'postgres',
      description,
      identity: description,
    };
  }
  if (/^mysql:\/\//.test(from)) {
    const url = new URL(from);
    const pool = createMysqlPool({
      uri: from,
      connectionLimit: 2,
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
      charset: 'utf8mb4',
      dateStrings: false,
    });
    const description = `MySQL ${url.hostname}:${url.port || 3306}${url.pathname}`;
    return {
      db: new Kysely({ dialect: new MysqlDialect({ pool }) }),
      engine: 'mysql',
      description,
      identity: description,
    };
  }
  const path = resolve(from.replace(/^sqlite:(\/\/)?/, ''));
  if (!existsSync(path)) throw new SourceMissing(path);
  const database = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  return {
    db: new Kysely({ dialect: new SqliteDialect({ database }) }),
    engine: 'sqlite',
    description: `SQLite ${path}`,
    identity: `sqlite:${path}`,
  };
}

/** The SQLite file named as the source does not exist. */
export class SourceMissing extends Error {
  constructor(readonly path: string) {
    super(`No SQLite database at ${path}`);
    this.name = 'SourceMissing';
  }
}

export function openSource(from: string): Source {
  const opened = open(from);
  let tables: Promise<Map<string, Set<string>>> | undefined;
  const loadTables = async () => {
    const found = await opened.db.introspection.getTables();
    return new Map(found.map((table) => [table.name, new Set(table.columns.map((c) => c.name))]));
  };
  return {
    db: opened.db,
    engine: opened.engine,
    description: opened.description,
    key: createHash('sha256').update(opened.identity).digest('hex'),
    async columns(table) {
      tables ??= loadTables();
      return (await tables).get(table);
    },
    close: () => opened.db.destroy(),
  };
}
