// Usage export of a million logs: seeds ROWS consumption logs of one user into a throwaway SQLite
// (or PostgreSQL) database, then downloads /api/log/self/export over real HTTP (app.inject would
// buffer the whole body) and reports seconds, rows, bytes and the process's peak RSS against its
// RSS before the download, for a 10 % slice and for all rows: flat memory means the two peaks
// match. Usage: npx tsx bench/logs/export-bench.ts [--engine sqlite|postgres] [--rows 1000000]
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
    rows: { type: 'string', default: '1000000' },
  },
});
const engine = args.engine === 'postgres' ? 'postgres' : 'sqlite';
const ROWS = Number(args.rows);
const PG_DSN = process.env.BENCH_PG_DSN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

async function freshDatabase() {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sy-bench-'));
    return {
      env: { SQLITE_PATH: path.join(dir, 'bench.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = 'sy_bench_export';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_DSN });
    await client.connect();
    await client.query(statement).finally(() => client.end());
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

/** Downloads one export, discarding the bytes, while sampling RSS every 20 ms. */
async function download(base: string, cookie: string, query: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const reply = await fetch(`${base}/api/log/self/export${query}`, { headers: { cookie } });
  if (!reply.ok || !reply.body) throw new Error(`export failed: ${reply.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of reply.body) {
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, cpuSeconds, bytes, rows: lines - 2, before, peak };
}

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
  const span = 30 * 86400;
  const seeded = Date.now();
  const select = sql`
    SELECT ${userId}, ${now - span} + (n * ${span}) / ${ROWS}, 2, 'model ratio 1.00', 'benchuser',
      'token' || (n % 20), 'model-' || (n % 20), n % 5000, n % 2000, n % 500, n % 30, n % 2,
      1 + n % 50, 1 + n % 20, '{"model_ratio":1,"group_ratio":1,"admin_info":{"use_channel":["1"]}}'`;
  const columns = sql`(user_id, created_at, type, content, username, token_name, model_name, quota,
      prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, other)`;
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
  console.log(`${engine}: seeded ${ROWS} logs in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const app = await buildApp({ ...runtime, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'benchuser', password: 'bench-pass1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const slice = `?start_timestamp=${now - span / 10}`;
  const rows: string[][] = [];
  for (const [label, query] of [
    ['last 3 days (~10 %)', slice],
    ['all', ''],
  ] as const) {
    const run = await download(base, cookie, query);
    const row = [
      engine,
      label,
      String(run.rows),
      run.seconds.toFixed(2),
      run.cpuSeconds.toFixed(2),
      (run.bytes / MB).toFixed(1),
      (run.before / MB).toFixed(0),
      (run.peak / MB).toFixed(0),
    ];
    console.log(row.join(' | '));
    rows.push(row);
  }
  await app.close();
  await runtime.close();
  await database.drop();
  writeResult(`export-${engine}`, {
    runs: 1,
    columns: [
      'engine',
      'export',
      'rows',
      'seconds',
      'CPU s (server + client)',
      'CSV MB',
      'RSS before MB',
      'peak RSS MB',
    ],
    rows,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
