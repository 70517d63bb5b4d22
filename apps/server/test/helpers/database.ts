// A fresh database per test file on the engine named by TEST_DB_ENGINE (sqlite by default).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

export type TestEngine = 'sqlite' | 'postgres' | 'mysql';

export const TEST_ENGINE: TestEngine = (() => {
  const engine = process.env.TEST_DB_ENGINE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres' && engine !== 'mysql') {
    throw new Error(`TEST_DB_ENGINE must be sqlite, postgres or mysql, not ${engine}`);
  }
  return engine;
})();

const PG_DSN = process.env.TEST_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';

export interface TestDatabase {
  /** Environment variables that point the server at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

const withDatabase = (dsn: string, name: string): string => {
  const url = new URL(dsn);
  url.pathname = `/${name}`;
  return url.toString();
};

async function createSqlite(): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'sy-test-'));
  return {
    env: { SQLITE_PATH: join(dir, 'test.db') },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Drops a test database. A pool's end() resolves before its sockets have closed, and a forced drop
 * then kills a client that has no error listener left (an uncaught error in the test run): wait
 * for the connections to go, and force only what is still connected after that.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_DSN });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function createPostgres(name: string): Promise<TestDatabase> {
  const admin = new pg.Client({ connectionString: PG_DSN });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    env: { SQL_DSN: withDatabase(PG_DSN, name) },
    drop: () => dropPostgresDatabase(name),
  };
}

async function createMysql(name: string): Promise<TestDatabase> {
  const run = async (statement: string) => {
    const connection = await mysql.createConnection({ uri: MYSQL_DSN });
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  await run(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  return {
    env: { SQL_DSN: withDatabase(MYSQL_DSN, name) },
    drop: () => run(`DROP DATABASE IF EXISTS ${name}`),
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `sy_${randomBytes(6).toString('hex')}`;
  if (TEST_ENGINE === 'postgres') return createPostgres(name);
  if (TEST_ENGINE === 'mysql') return createMysql(name);
  return createSqlite();
}
