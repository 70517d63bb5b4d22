// A new-api (current) or one-api (0.6) database built from the reference's table definitions
// (its GORM models, read from the public source), on SQLite, PostgreSQL or MySQL, for the
// importer's tests and benchmark. Column types follow what GORM creates on each engine.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import mysql from 'mysql2';
import mysqlPromise from 'mysql2/promise';
import pg from 'pg';
import { dropPostgresDatabase, type TestEngine } from './database';
import { type Kind, RELEASES, type Release } from './newapi-tables';

export type { Release } from './newapi-tables';

export interface SourceDatabase {
  engine: TestEngine;
  /** What `--from` takes: a file path or a DSN. */
  from: string;
  // biome-ignore lint/suspicious/noExplicitAny: the reference's tables, untyped like the importer reads them.
  db: Kysely<any>;
  release: Release;
  /** A value for a boolean column on this engine. */
  bool(value: boolean): boolean | number;
  /** A soft-delete timestamp as GORM writes it on this engine. */
  deletedAt(unixSeconds: number): Date | string;
  drop(): Promise<void>;
}

const PG_DSN = process.env.TEST_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';

function columnType(engine: TestEngine, kind: Kind) {
  switch (kind) {
    case 'int':
      return engine === 'postgres' ? 'bigint' : 'integer';
    case 'bigint':
      return 'bigint';
    case 'float':
      return engine === 'mysql' ? sql`double` : 'double precision';
    case 'bool':
      return 'boolean';
    case 'text':
      return engine === 'mysql' ? sql`longtext` : 'text';
    case 'deleted':
      return engine === 'postgres'
        ? sql`timestamptz`
        : engine === 'mysql'
          ? sql`datetime(3)`
          : sql`datetime`;
    default:
      return kind;
  }
}

async function createSchema(db: Kysely<unknown>, engine: TestEngine, release: Release) {
  for (const [table, columns] of Object.entries(RELEASES[release])) {
    let builder = db.schema.createTable(table);
    builder =
      engine === 'postgres'
        ? builder.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : engine === 'mysql'
          ? builder.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement())
          : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    for (const [name, kind] of Object.entries(columns)) {
      builder = builder.addColumn(name, columnType(engine, kind) as 'text');
    }
    await builder.execute();
  }
  await db.schema
    .createTable('options')
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('value', engine === 'mysql' ? sql`longtext` : 'text')
    .execute();
  await db.schema
    .createTable('abilities')
    .addColumn('group', 'varchar(64)')
    .addColumn('model', 'varchar(191)')
    .addColumn('channel_id', 'integer')
    .addColumn('enabled', 'boolean')
    .addColumn('priority', 'bigint')
    .addColumn('weight', 'integer')
    .execute();
}

/** An empty reference database of `release` on `engine`. */
export async function createSourceDatabase(
  engine: TestEngine,
  release: Release,
): Promise<SourceDatabase> {
  const name = `newapi_${randomBytes(5).toString('hex')}`;
  const bool = (value: boolean) => (engine === 'postgres' ? value : value ? 1 : 0);
  const deletedAt = (seconds: number) =>
    engine === 'sqlite'
      ? `${new Date(seconds * 1000).toISOString().replace('T', ' ').replace('Z', '')}123456+00:00`
      : new Date(seconds * 1000);
  // biome-ignore lint/suspicious/noExplicitAny: see SourceDatabase.db.
  let db: Kysely<any>;
  let from: string;
  let drop: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'sy-newapi-'));
    from = join(dir, 'one-api.db');
    db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(from) }) });
    drop = () => rm(dir, { recursive: true, force: true });
  } else if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_DSN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_DSN);
    url.pathname = `/${name}`;
    from = url.toString();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: from, max: 2 }) }),
    });
    drop = () => dropPostgresDatabase(name);
  } else {
    const run = async (statement: string) => {
      const connection = await mysqlPromise.createConnection({ uri: MYSQL_DSN });
      await connection.query(statement);
      await connection.end();
    };
    await run(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
    const url = new URL(MYSQL_DSN);
    url.pathname = `/${name}`;
    from = url.toString();
    db = new Kysely({
      dialect: new MysqlDialect({ pool: mysql.createPool({ uri: from, connectionLimit: 2 }) }),
    });
    drop = () => run(`DROP DATABASE IF EXISTS ${name}`);
  }
  await createSchema(db, engine, release);
  return {
    engine,
    from,
    db,
    release,
    bool,
    deletedAt,
    drop: async () => {
      await db.destroy();
      await drop();
    },
  };
}

/** Inserts rows in slices (each engine's bound-parameter limit). */
export async function insertRows(
  source: SourceDatabase,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const slice = Math.max(1, Math.floor(30_000 / columns));
  for (let start = 0; start < rows.length; start += slice) {
    await source.db
      .insertInto(table)
      .values(rows.slice(start, start + slice))
      .execute();
  }
}
