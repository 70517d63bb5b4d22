// Log list and stat queries on a table of millions of rows: seeds LOG_ROWS logs over 30 days
// (1000 users, 20 models, 200 tokens, 50 channels; 90 % consumption) into a throwaway database,
// then times the console's calls through the real server (app.inject, session cookie) and prints
// p50/p99 per query. A tenth of the rows are paid by org 1 (its dashboard reads them) and every
// row carries cached tokens (the per-token cache-hit chart reads them). Usage: npx tsx bench/logs/logs-bench.ts --engine sqlite|postgres [--rows N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createRuntime } from '../../apps/server/src/runtime';
import { createUser } from '../../apps/server/test/helpers/factories';
import { writeResult } from '../lib/results.mjs';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    rows: { type: 'string', default: '2000000' },
    runs: { type: 'string', default: '300' },
    /** Only the queries whose label contains this. */
    only: { type: 'string', default: '' },
  },
});
const engine = args.engine === 'postgres' ? 'postgres' : 'sqlite';
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
const PG_DSN = process.env.BENCH_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SPAN = 30 * 86400;
const USERS = 1000;

async function freshDatabase(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sy-bench-'));
    return {
      env: { SQLITE_PATH: path.join(dir, 'bench.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = 'sy_bench_logs';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_DSN });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(PG_DSN);
  url.pathname = `/${name}`;
  return {
    env: { SQL_DSN: url.toString() },
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function main(): Promise<void> {
  const database = await freshDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    GLOBAL_API_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    ...database.env,
  });
  const runtime = await createRuntime(config, { warn: () => undefined });
  const { db } = runtime.database;
  const { id: userId } = await createUser(db, { username: 'benchuser', password: 'bench-pass1' });

  const now = Math.floor(Date.now() / 1000);
  const start = now - SPAN;
  const seeded = Date.now();
  // user ids userId … userId+999 (the bench user owns 1/1000 of the rows), times in id order.
  const select = sql`
    SELECT ${userId} + (n * 7919) % ${USERS}, ${start} + (n * ${SPAN}) / ${ROWS},
      CASE WHEN n % 20 = 0 THEN 1 WHEN n % 20 = 1 THEN 4 ELSE 2 END, 'model ratio 1.00',
      CASE WHEN (n * 7919) % ${USERS} = 0 THEN 'benchuser' ELSE 'u' || ((n * 7919) % ${USERS}) END,
      'token' || ((n * 31) % 200), 'model-' || (n % 20), n % 5000, n % 2000, n % 500, n % 30,
      n % 2, 1 + n % 50, 1 + (n * 31) % 200,
      '{"model_ratio":1,"group_ratio":1,"cached_tokens":' || (n % 1000) || ',"admin_info":{"use_channel":["1"]}}',
      CASE WHEN n % 10 = 0 THEN 'org:1' ELSE 'wallet' END`;
  const columns = sql`(user_id, created_at, type, content, username, token_name, model_name, quota,
      prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, other, funding)`;
  if (engine === 'postgres') {
    await sql`INSERT INTO logs ${columns} ${select} FROM generate_series(1::bigint, ${ROWS}::bigint) AS s(n)`.execute(
      db,
    );
    await sql`VACUUM ANALYZE logs`.execute(db);
  } else {
    await sql`INSERT INTO logs ${columns}
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ROWS})
      ${select} FROM seq`.execute(db);
    await sql`ANALYZE`.execute(db);
  }
  await db
    .insertInto('orgs')
    .values({ name: 'bench org', created_by: userId, created_at: now })
    .execute();
  console.log(`${engine}: seeded ${ROWS} logs in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const app = await buildApp({ ...runtime, logger: false });
  await app.ready();
  const cookieOf = async (username: string, password: string) => {
    const reply = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
    });
    const session = reply.cookies.find((cookie) => cookie.name === 'switchyard_session');
    if (!session) throw new Error(`login failed for ${username}: ${reply.body}`);
    return `switchyard_session=${session.value}`;
  };
  const admin = await cookieOf('root', '123456');
  const user = await cookieOf('benchuser', 'bench-pass1');

  const day = `start_timestamp=${now - 86400}&end_timestamp=${now + 3600}`;
  const week = `start_timestamp=${now - 7 * 86400}&end_timestamp=${now + 3600}`;
  const queries: [string, string, string][] = [
    ['admin log page, last 24 h', admin, `/api/log/?p=1&page_size=10&${day}`],
    ['admin log page, last 24 h, page 50', admin, `/api/log/?p=50&page_size=10&${day}`],
    ['admin log page, 24 h, one username', admin, `/api/log/?p=1&page_size=10&username=u17&${day}`],
    [
      'admin log page, 24 h, one model, consumption',
      admin,
      `/api/log/?p=1&page_size=10&type=2&model_name=model-3&${day}`,
    ],
    ['admin log page, 7 days, one channel', admin, `/api/log/?p=1&page_size=10&channel=7&${week}`],
    ['user log page, last 24 h', user, `/api/log/self?p=1&page_size=10&${day}`],
    [
      'user log page, 7 days, one token',
      user,
      `/api/log/self?p=1&page_size=10&token_name=token5&${week}`,
    ],
    ['admin stat, last 24 h', admin, `/api/log/stat?${day}`],
    ['admin stat, 24 h, one username', admin, `/api/log/stat?username=u17&${day}`],
    ['user stat, last 24 h', user, `/api/log/self/stat?${day}`],
    ['user stat, 7 days', user, `/api/log/self/stat?${week}`],
    ['org dashboard data, last 24 h', admin, `/api/org/1/data?${day}`],
    ['org dashboard data, 7 days', admin, `/api/org/1/data?${week}`],
    ['user token cache-hit, 7 days', user, `/api/data/token_cache/self?${week}`],
    ['admin token cache-hit, last 24 h', admin, `/api/data/token_cache?${day}`],
    ['admin token cache-hit, 7 days', admin, `/api/data/token_cache?${week}`],
  ];
  const rows: string[][] = [];
  for (const [label, cookie, url] of queries.filter(([label]) => label.includes(args.only))) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 10; i += 1) {
      const began = process.hrtime.bigint();
      const reply = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      if (reply.statusCode !== 200 || !reply.json().success)
        throw new Error(`${url}: ${reply.body}`);
      if (i >= 10) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const row = [engine, label, quantile(times, 0.5).toFixed(2), quantile(times, 0.99).toFixed(2)];
    console.log(row.join(' | '));
    rows.push(row);
  }
  await app.close();
  await runtime.close();
  await database.drop();
  console.log(JSON.stringify(rows));
  writeResult(`logs-${engine}`, {
    runs: RUNS,
    columns: ['engine', `query (${ROWS} logs)`, 'p50 ms', 'p99 ms'],
    rows,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
