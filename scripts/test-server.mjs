// Runs the server integration tests once per database engine (SQLite, PostgreSQL, MariaDB/MySQL).
// Usage: node scripts/test-server.mjs [sqlite|postgres|mysql ...]
// An engine that cannot be reached is reported and skipped locally, and fails the run when CI=true.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const TIMEOUT_MS = 2000;

const PG_DSN = process.env.TEST_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const withTimeout = (promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: timed out`)), TIMEOUT_MS),
    ),
  ]);

const probes = {
  sqlite: async () => undefined,
  postgres: async () => {
    const client = new pg.Client({ connectionString: PG_DSN, connectionTimeoutMillis: TIMEOUT_MS });
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  },
  mysql: async () => {
    const connection = await mysql.createConnection({ uri: MYSQL_DSN, connectTimeout: TIMEOUT_MS });
    try {
      await connection.query('select 1');
    } finally {
      await connection.end().catch(() => undefined);
    }
  },
  redis: async () => {
    const client = new Redis(REDIS_URL, {
      lazyConnect: true,
      connectTimeout: TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let lastError;
    client.on('error', (error) => {
      lastError = error;
    });
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      throw lastError ?? error;
    } finally {
      client.disconnect();
    }
  },
};

/** Resolves to null when reachable, else the reason. */
async function reach(name) {
  try {
    await withTimeout(probes[name](), name);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function runVitest(engine, redisUrl) {
  // `npm test` collects every suite's counts from TEST_RESULTS_DIR for its summary.
  const keep = process.env.TEST_RESULTS_DIR;
  const outDir = keep ?? mkdtempSync(join(tmpdir(), 'sy-vitest-'));
  const report = join(outDir, `server-${engine}.json`);
  const env = { ...process.env, TEST_DB_ENGINE: engine };
  if (redisUrl) env.TEST_REDIS_URL = redisUrl;
  else delete env.TEST_REDIS_URL;
  const args = [
    'vitest',
    'run',
    '--config',
    'apps/server/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => {
      let counts = { passed: 0, failed: 0, total: 0 };
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        counts = {
          passed: json.numPassedTests,
          failed: json.numFailedTests,
          total: json.numTotalTests,
        };
      } catch {
        // No report: vitest itself failed to start; the exit code says so.
      }
      if (!keep) rmSync(outDir, { recursive: true, force: true });
      resolve({ ok: code === 0, ...counts });
    });
  });
}

const requested = process.argv.slice(2);
const engines = requested.length > 0 ? requested : ['sqlite', 'postgres', 'mysql'];
for (const engine of engines) {
  if (!['sqlite', 'postgres', 'mysql'].includes(engine)) {
    console.error(`Unknown engine "${engine}" (use sqlite, postgres or mysql)`);
    process.exit(2);
  }
}

const redisProblem = await reach('redis');
if (redisProblem) {
  const line = `Redis at ${REDIS_URL} was not reachable (${redisProblem}); its cases will not run`;
  console.log(ci ? `${line}: this fails the run under CI=true` : line);
}

const summary = [];
let failed = Boolean(redisProblem) && ci;
for (const engine of engines) {
  const problem = await reach(engine);
  if (problem) {
    summary.push(`${engine.padEnd(9)} not reachable (${problem})${ci ? ' → FAILED (CI)' : ''}`);
    if (ci) failed = true;
    continue;
  }
  console.log(`\n=== server tests on ${engine}${redisProblem ? '' : ' + redis'} ===`);
  const result = await runVitest(engine, redisProblem ? undefined : REDIS_URL);
  const counts = `${result.passed}/${result.total} tests passed, ${result.failed} failed`;
  summary.push(`${engine.padEnd(9)} ${result.ok ? 'passed' : 'FAILED'} (${counts})`);
  if (!result.ok) failed = true;
}
if (redisProblem)
  summary.push(`redis     not reachable${ci ? ' → FAILED (CI)' : ' (Redis cases not run)'}`);

console.log('\nServer test summary');
for (const line of summary) console.log(`  ${line}`);
process.exit(failed ? 1 : 0);
