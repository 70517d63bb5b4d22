// Relay CPU per request funded by a plan subscription with two windows (5h + day) beside the same
// request funded by the wallet (issue 31), on SQLite without Redis, at concurrency 1 and 50. The
// plan-funded path adds the covering-subscription read and the guarded window update in the take
// and the window moves in the settlement; the target is +0.05 ms of CPU per request at c=50.
// Rounds alternate wallet and plan so a noisy machine bends both alike; medians are reported.
//
// Usage: node bench/plans/plan-relay-bench.mjs [--requests 3000] [--warmup 300] [--rounds 3]
//        [--port 3391]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { startServer } from '../../scripts/lib/spawn-server.mjs';
import { median, writeResult } from '../lib/results.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = arg('requests', 3000);
const WARMUP = arg('warmup', 300);
const ROUNDS = arg('rounds', 3);
const PORT = arg('port', 3391);
const CLOCK_TICK_MS = 10;
const WALLET_KEY = 'BenchWal'.repeat(6);
const PLAN_KEY = 'BenchPln'.repeat(6);

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** The fast fake upstream of the relay bench, on a free port. */
async function startUpstream() {
  const child = spawn(process.execPath, [path.join(here, '../relay/fast-upstream.mjs'), '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (data) => resolve(Number(String(data).trim()))),
  );
  return `http://127.0.0.1:${port}`;
}

/** A wallet user and a plan user (a subscription whose windows never fill), one token each. */
function seed(dbPath, upstreamUrl) {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  const now = Math.floor(Date.now() / 1000);
  const user = db.prepare(
    `INSERT INTO users (username, password, display_name, role, status, quota, created_at)
     VALUES (?, 'x', ?, 1, 1, ?, ?)`,
  );
  const token = db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota) VALUES (?, ?, 'bench', 1, ?, ?, -1, 0, 1)`,
  );
  const wallet = user.run('benchwallet', 'benchwallet', 1e12, now).lastInsertRowid;
  token.run(wallet, WALLET_KEY, now, now);
  // The plan user's wallet is empty: every request is the plan's.
  const planUser = user.run('benchplan', 'benchplan', 0, now).lastInsertRowid;
  token.run(planUser, PLAN_KEY, now, now);
  db.prepare(
    `INSERT INTO subscriptions (user_id, plan_id, plan_name, models, status, starts_at, expires_at,
       auto_renew, source, price, duration_days, created_at, w5h_quota, wday_quota)
     VALUES (?, 1, 'bench', 'gpt-4o-mini', 1, ?, ?, 0, 'wallet', 0, 30, ?, 1e15, 1e15)`,
  ).run(planUser, now - 60, now + 30 * 86_400, now);
  const channel = db
    .prepare(
      `INSERT INTO channels (type, key, name, status, base_url, models, "group", created_time)
       VALUES (1, 'upstream-key', 'bench', 1, ?, 'gpt-4o-mini', 'default', ?)`,
    )
    .run(upstreamUrl, now);
  db.prepare(
    `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
     VALUES ('default', 'gpt-4o-mini', ?, 1, 0, 0)`,
  ).run(channel.lastInsertRowid);
  db.close();
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** `count` chat requests with `concurrency` in flight; requests per second and failures. */
async function load(url, key, count, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = JSON.stringify({
    model: 'gpt-4o-mini',
    max_tokens: 16,
    messages: [{ role: 'user', content: 'hello' }],
  });
  let next = 0;
  let failures = 0;
  const one = () =>
    new Promise((resolve) => {
      const request = http.request(
        new URL('/v1/chat/completions', url),
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer sk-${key}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(payload);
    });
  const worker = async () => {
    while (next < count) {
      next += 1;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { rps: count / ((performance.now() - started) / 1000), failures };
}

const upstream = await startUpstream();
const dataDir = path.join(repoRoot, '.cache/bench-plans');
const server = await startServer({
  port: PORT,
  dataDir,
  env: { LOG_LEVEL: 'warn', GLOBAL_API_RATE_LIMIT: '0' },
});
seed(path.join(dataDir, 'switchyard.db'), upstream);
// The relay caches the channel list; a request at start fills it.
await load(server.url, WALLET_KEY, WARMUP, 10);
await load(server.url, PLAN_KEY, WARMUP, 10);

const rows = [];
for (const concurrency of [1, 50]) {
  const cells = { wallet: { cpu: [], rps: [] }, plan: { cpu: [], rps: [] } };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, key] of [
      ['wallet', WALLET_KEY],
      ['plan', PLAN_KEY],
    ]) {
      const before = cpuMs(server.pid);
      const result = await load(server.url, key, REQUESTS, concurrency);
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} requests failed`);
      cells[name].cpu.push((cpuMs(server.pid) - before) / REQUESTS);
      cells[name].rps.push(result.rps);
    }
  }
  const wallet = median(cells.wallet.cpu);
  const plan = median(cells.plan.cpu);
  for (const name of ['wallet', 'plan']) {
    rows.push([
      `c=${concurrency}`,
      name === 'plan' ? 'plan (5h + day windows)' : 'wallet',
      median(cells[name].cpu).toFixed(3),
      median(cells[name].rps).toFixed(0),
      name === 'plan' ? `${(plan - wallet >= 0 ? '+' : '') + (plan - wallet).toFixed(3)}` : '',
    ]);
  }
}
console.table(rows);
writeResult('plan-relay', {
  runs: ROUNDS,
  columns: ['concurrency', 'funded by', 'CPU ms/request', 'requests/s', 'plan − wallet (ms)'],
  rows,
});
await server.stop();
process.exit(0);
