// Opens the one Kysely database layer over SQLite, PostgreSQL or MySQL/MariaDB, chosen by config.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import type * as Mysql from 'mysql2';
import type pg from 'pg';
import type { Config, DatabaseEngine } from '../config';
import type { Schema } from './schema';

export type Db = Kysely<Schema>;

export interface Database {
  db: Db;
  engine: DatabaseEngine;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL, MySQL), for /metrics; SQLite has one and none. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

type DatabaseConfig = Pick<Config, 'engine' | 'sqlDsn' | 'sqlitePath'>;

/** Told about errors on idle pooled connections (e.g. the server restarted); never fatal. */
export type PoolErrorHandler = (error: Error) => void;

const warnPoolError: PoolErrorHandler = (error) =>
  console.warn(`database connection error: ${error.message}`);

/**
 * The drivers load only for their engine: mysql2 and pg together hold ~20 MB that a SQLite
 * server never needs (synchronous require keeps createDatabase synchronous).
 */
const requireDriver = createRequire(import.meta.url);

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** Bigint and numeric columns come back as JS numbers (quota amounts stay well below 2^53). */
const pgTypes = (driver: typeof pg): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return driver.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
});

/**
 * The SQLite connection under a Kysely instance, for hot paths that run a few statements
 * synchronously (one better-sqlite3 transaction instead of Kysely's async one). Such a path must
 * check `inTransaction` first: while a Kysely transaction is open on the one connection, a
 * statement run directly would join it, so it must go through Kysely instead (and wait).
 */
export interface SqliteDirect {
  /** Prepared statement for the SQL (cached, shared with Kysely's). */
  prepare(sql: string): SqliteDatabase.Statement;
  readonly connection: SqliteDatabase.Database;
}

const sqliteDirect = new WeakMap<object, SqliteDirect>();

/** The direct SQLite access of a root database, or undefined (other engines, transactions). */
export function sqliteDirectOf(db: Db): SqliteDirect | undefined {
  return sqliteDirect.get(db);
}

function sqliteDialect(path: string): { dialect: Dialect; direct: SqliteDirect } {
  mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const cached = withStatementCache(database);
  return {
    dialect: new SqliteDialect({ database: cached }),
    direct: { prepare: cached.prepare, connection: database },
  };
}

/** Most distinct statements kept prepared; past this the cache starts over. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query again; better-sqlite3 statements are reusable (and never run
 * concurrently: the driver is synchronous), so they are kept by SQL text. Saves the prepare
 * on every relayed request's dozen statements.
 */
function withStatementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function postgresDialect(dsn: string, onPoolError: PoolErrorHandler) {
  const driver = requireDriver('pg') as typeof pg;
  const pool = new driver.Pool({ connectionString: dsn, max: 10, types: pgTypes(driver) });
  // Without a listener, a client's error (server restart, terminated backend) crashes Node. The
  // pool listens on idle clients only; a checked-out client needs its own listener too. The query
  // it was running fails on its own, and the pool drops the broken client when it comes back.
  pool.on('error', onPoolError);
  pool.on('connect', (client) => client.on('error', onPoolError));
  const stats = (): PoolStats => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return { dialect: new PostgresDialect({ pool }), stats };
}

/** mysql2 keeps its pool's queues on underscore fields (no public counters). */
interface MysqlPoolQueues {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

function mysqlDialect(dsn: string, onPoolError: PoolErrorHandler) {
  const { createPool } = requireDriver('mysql2') as typeof Mysql;
  const pool = createPool({
    uri: dsn,
    connectionLimit: 10,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    charset: 'utf8mb4',
  });
  pool.on('connection', (connection) => connection.on('error', onPoolError));
  const queues = pool as unknown as MysqlPoolQueues;
  const stats = (): PoolStats => ({
    total: queues._allConnections?.length ?? 0,
    idle: queues._freeConnections?.length ?? 0,
    waiting: queues._connectionQueue?.length ?? 0,
  });
  return { dialect: new MysqlDialect({ pool }), stats };
}

export function createDatabase(
  config: DatabaseConfig,
  onPoolError: PoolErrorHandler = warnPoolError,
): Database {
  const sqlite = config.engine === 'sqlite' ? sqliteDialect(config.sqlitePath) : undefined;
  const pooled = sqlite
    ? undefined
    : config.engine === 'postgres'
      ? postgresDialect(config.sqlDsn ?? '', onPoolError)
      : mysqlDialect(config.sqlDsn ?? '', onPoolError);
  const dialect = (sqlite?.dialect ?? pooled?.dialect) as Dialect;
  const db = new Kysely<Schema>({ dialect });
  if (sqlite) sqliteDirect.set(db, sqlite.direct);
  let closing: Promise<void> | undefined;
  // Idempotent: shutdown paths may close twice.
  const close = () => {
    closing ??= db.destroy();
    return closing;
  };
  return { db, engine: config.engine, close, ...(pooled ? { poolStats: pooled.stats } : {}) };
}

/** Human-readable description of the database in use, without credentials. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.engine === 'sqlite') return `SQLite (${config.sqlitePath})`;
  const url = new URL(config.sqlDsn ?? '');
  const name = config.engine === 'postgres' ? 'PostgreSQL' : 'MySQL';
  return `${name} (${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname})`;
}
