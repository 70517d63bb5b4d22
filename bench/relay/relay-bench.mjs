// Relay overhead: the same chat requests sent straight to a fast fake upstream (the floor),
// through Switchyard (billing and consume logs on, SQLite), through a bare Node proxy
// (bare-proxy.mjs: parse the body, pick the upstream, pipe the reply), through the same proxy with a
// durable reservation (durable-proxy.mjs: token read, take and journal row committed before the
// upstream call, settlement and consume log after; the floor of a gateway whose money survives
// kill -9) and through the Portkey gateway, at
// concurrency 1 and 50, stream and not. Reports requests/s, p50/p99 latency, time to first byte
// of streams and each gateway's CPU milliseconds per request (from /proc/<pid>/stat).
// Then the dialects through Switchyard alone: chat → OpenAI, chat → an OpenAI-compatible upstream
// without stream usage, Messages → Anthropic (passed through), Messages → OpenAI and Responses →
// a chat-only upstream (translated: one without stream usage, whose reply the gateway counts, and
// one with), each beside the direct call of the upstream it ends at.
//
// Then (issue 17) chat → OpenAI with a token carrying rpm + tpm + day-window limits and (issue 32)
// an org token (org wallet + the member's daily cap) beside the unlimited token, with the limiter in this process; --redis runs that cell a second time on a
// server with REDIS_URL (default redis://127.0.0.1:6379; the counters are then shared).
//
// Usage: node bench/relay/relay-bench.mjs [--requests 3000] [--warmup 300] [--rounds 2] [--redis]
//        [--only-main]     (just the gateway cells: direct, Switchyard, the two proxies, Portkey)
//        [--only-limits]   (just the limited-token cells)
//        [--only-dialects] (just the dialect cells) [--path <a|b>] (the dialect cells whose name has a or b)
//        [--port 3291]  this Switchyard's port (the baseline's is the next one)
//        [--baseline <main.js>]  a second Switchyard from another build (a copy of an older
//          apps/server/dist at the same depth, e.g. apps/server/dist-before/: the bundle finds the
//          root package.json relative to itself, and its packages resolve from there), on its own
//          database, measured beside this one cell by cell (the order alternates): before/after
//          in one run on a noisy machine.
//
// Portkey (optional, never committed) lives in a scratch folder outside the repo:
//   mkdir -p /work/peer/portkey && cd /work/peer/portkey
//   printf '%s' '{"private":true,"dependencies":{"@portkey-ai/gateway":"1.15.2"},
//     "overrides":{"@hono/node-server":"1.13.8"}}' > package.json && npm install
// (the override avoids its "TypeError: immutable" on streams). PORTKEY_DIR points elsewhere.
// Without it the Portkey rows are skipped with a message. SWITCHYARD_NODE_OPTIONS passes Node
// options to the gateway (Node refuses --cpu-prof there; to profile, --require
// bench/relay/cpu-profile.cjs, see that file).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { startServer } from '../../scripts/lib/spawn-server.mjs';
import { writeResult } from '../lib/results.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = arg('requests', 3000);
const WARMUP = arg('warmup', 300);
const ROUNDS = arg('rounds', 2);
const PORTKEY_DIR = process.env.PORTKEY_DIR ?? '/work/peer/portkey';
const PORTKEY_PORT = 8787;
const SWITCHYARD_PORT = arg('port', 3291);
const CLOCK_TICK_MS = 10;
const REDIS = process.argv.includes('--redis');
const ONLY_LIMITS = process.argv.includes('--only-limits');
const ONLY_DIALECTS = process.argv.includes('--only-dialects');
const ONLY_MAIN = process.argv.includes('--only-main');
const baselineIndex = process.argv.indexOf('--baseline');
const BASELINE = baselineIndex > 0 ? path.resolve(process.argv[baselineIndex + 1]) : null;
const BASELINE_PORT = SWITCHYARD_PORT + 1;
const pathIndex = process.argv.indexOf('--path');
const ONLY_PATH = pathIndex > 0 ? process.argv[pathIndex + 1] : '';
const LIMITED_KEY = 'BenchLim'.repeat(6);
/** An org token (issue 32): paid from the org's wallet within the member's daily cap. */
const ORG_KEY = 'BenchOrg'.repeat(6);

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** Starts a Node process and resolves with it once `ready()` answers true. */
async function startProcess(args, options, ready) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await ready(child).catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${args.join(' ')} did not start`);
}

/** Starts one of this folder's scripts that prints its port on stdout. */
async function startPrinting(script, ...args) {
  let port = 0;
  const child = await startProcess([path.join(here, script), ...args], {}, async (c) => {
    if (!port) {
      c.stdout.once('data', (data) => {
        port = Number(String(data).trim());
      });
    }
    return port > 0;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
}

const startUpstream = () => startPrinting('fast-upstream.mjs', '0');

async function startPortkey() {
  const entry = path.join(PORTKEY_DIR, 'node_modules/@portkey-ai/gateway/build/start-server.js');
  if (!existsSync(entry)) {
    console.log(
      `Portkey skipped: ${entry} not found (see the set-up steps at the top of this file).`,
    );
    return null;
  }
  const child = await startProcess(
    [
      '--import',
      path.join(here, 'portkey-bind.mjs'),
      entry,
      `--port=${PORTKEY_PORT}`,
      '--headless',
    ],
    { cwd: PORTKEY_DIR, env: { ...process.env, NODE_ENV: 'production' } },
    async () => (await fetch(`http://127.0.0.1:${PORTKEY_PORT}/`)).status > 0,
  );
  return { url: `http://127.0.0.1:${PORTKEY_PORT}`, pid: child.pid };
}

/**
 * Seeds a user with plenty of quota, an unlimited token, a token with rpm + tpm + day-window
 * limits too high to refuse anything (so every request pays for them), and the channels.
 */
function seed(dbPath, upstreamUrl) {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  const now = Math.floor(Date.now() / 1000);
  const key = 'BenchKey'.repeat(6);
  const user = db
    .prepare(
      `INSERT INTO users (username, password, display_name, role, status, quota, created_at)
       VALUES ('bench', 'x', 'bench', 1, 1, 1000000000000, ?)`,
    )
    .run(now);
  db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota) VALUES (?, ?, 'bench', 1, ?, ?, -1, 0, 1)`,
  ).run(user.lastInsertRowid, key, now, now);
  db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota, rpm_limit, tpm_limit, window_period, window_quota)
     VALUES (?, ?, 'bench-limited', 1, ?, ?, -1, 0, 1, 100000000, 1000000000, 'day', 1000000000000)`,
  ).run(user.lastInsertRowid, LIMITED_KEY, now, now);
  const org = db
    .prepare(
      `INSERT INTO orgs (name, quota, created_by, created_at) VALUES ('bench', 1000000000000, ?, ?)`,
    )
    .run(user.lastInsertRowid, now);
  db.prepare(
    `INSERT INTO org_members (org_id, user_id, role, quota_limit, window_period, joined_at)
     VALUES (?, ?, 'owner', 1000000000000, 'day', ?)`,
  ).run(org.lastInsertRowid, user.lastInsertRowid, now);
  db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota, org_id) VALUES (?, ?, 'bench-org', 1, ?, ?, -1, 0, 1, ?)`,
  ).run(user.lastInsertRowid, ORG_KEY, now, now, org.lastInsertRowid);
  const channel = db
    .prepare(
      `INSERT INTO channels (type, key, name, status, base_url, models, "group", created_time)
       VALUES (1, 'upstream-key', 'bench', 1, ?, 'gpt-4o-mini', 'default', ?)`,
    )
    .run(upstreamUrl, now);
  const ability = db.prepare(
    `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight)
     VALUES ('default', ?, ?, 1, 0, 0)`,
  );
  ability.run('gpt-4o-mini', channel.lastInsertRowid);
  // An Anthropic channel (type 14) and a chat-only OpenAI-compatible one (type 8, custom), both
  // to the same fake upstream, for the dialect cells.
  const addChannel = db.prepare(
    `INSERT INTO channels (type, key, name, status, base_url, models, "group", created_time)
     VALUES (?, 'upstream-key', ?, 1, ?, ?, 'default', ?)`,
  );
  const anthropic = addChannel.run(14, 'bench-anthropic', upstreamUrl, 'claude-bench', now);
  ability.run('claude-bench', anthropic.lastInsertRowid);
  const chatOnly = addChannel.run(8, 'bench-chat-only', upstreamUrl, 'chat-bench', now);
  ability.run('chat-bench', chatOnly.lastInsertRowid);
  // A chat-only type that reports stream usage (DeepSeek, 43): translation without the token
  // count a usage-less stream needs.
  const withUsage = addChannel.run(43, 'bench-chat-usage', upstreamUrl, 'deepseek-chat', now);
  ability.run('deepseek-chat', withUsage.lastInsertRowid);
  db.close();
  return key;
}

function cpuMs(pid) {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sends `count` requests with `concurrency` in flight; latency and first-byte times in ms. */
async function load(target, body, count, concurrency, route = '/v1/chat/completions') {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = JSON.stringify(body);
  const url = new URL(route, target.url);
  const latencies = [];
  const firstBytes = [];
  let failures = 0;
  let next = 0;
  const one = () =>
    new Promise((resolve) => {
      const start = performance.now();
      let first = 0;
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...target.headers,
          },
        },
        (response) => {
          response.on('data', () => {
            if (!first) first = performance.now();
          });
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            latencies.push(performance.now() - start);
            firstBytes.push(first - start);
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
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  return {
    rps: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ttfb50: percentile(firstBytes, 50),
    failures,
  };
}

const upstream = await startUpstream();
const dataDir = path.join(repoRoot, '.cache/bench-relay');
const serverEnv = {
  LOG_LEVEL: 'warn',
  GLOBAL_API_RATE_LIMIT: '0',
  // e.g. "--require <repo>/bench/relay/cpu-profile.cjs" to profile the gateway during the run.
  ...(process.env.SWITCHYARD_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.SWITCHYARD_NODE_OPTIONS }
    : {}),
};
const switchyard = await startServer({ port: SWITCHYARD_PORT, dataDir, env: serverEnv });
const key = seed(path.join(dataDir, 'switchyard.db'), upstream.url);
const baselineDir = `${dataDir}-baseline`;
const baseline = BASELINE
  ? await startServer({
      port: BASELINE_PORT,
      dataDir: baselineDir,
      env: serverEnv,
      entry: BASELINE,
    })
  : null;
if (baseline) seed(path.join(baselineDir, 'switchyard.db'), upstream.url);
const MAIN_CELLS = !ONLY_LIMITS && !ONLY_DIALECTS;
const portkey = MAIN_CELLS ? await startPortkey() : null;
const bare = MAIN_CELLS ? await startPrinting('bare-proxy.mjs', upstream.url, '0') : null;
/** The bare proxy with a durable reservation (durable-proxy.mjs), on a database of its own. */
async function startDurableProxy() {
  const floorDir = `${dataDir}-durable`;
  rmSync(floorDir, { recursive: true, force: true });
  mkdirSync(floorDir, { recursive: true });
  return startPrinting('durable-proxy.mjs', upstream.url, path.join(floorDir, 'floor.db'), '0');
}
const durable = MAIN_CELLS ? await startDurableProxy() : null;

const targets = [
  {
    name: 'direct',
    url: upstream.url,
    pid: upstream.pid,
    headers: { authorization: 'Bearer upstream-key' },
  },
  {
    name: 'switchyard',
    url: switchyard.url,
    pid: switchyard.pid,
    headers: { authorization: `Bearer sk-${key}` },
  },
];
if (baseline) {
  targets.push({
    name: 'baseline',
    url: baseline.url,
    pid: baseline.pid,
    headers: { authorization: `Bearer sk-${key}` },
  });
}
/** The gateways under test, the baseline first in every other cell (so neither always leads). */
const gateways = targets.filter(
  (target) => target.name === 'switchyard' || target.name === 'baseline',
);
let cellCount = 0;
const alternated = () => {
  cellCount += 1;
  return cellCount % 2 === 0 ? [...gateways].reverse() : gateways;
};
for (const [name, proxy] of [
  ['bare proxy', bare],
  ['durable proxy', durable],
]) {
  if (proxy) {
    targets.push({
      name,
      url: proxy.url,
      pid: proxy.pid,
      headers: { authorization: 'Bearer upstream-key' },
    });
  }
}
if (portkey) {
  targets.push({
    name: 'portkey',
    url: portkey.url,
    pid: portkey.pid,
    headers: {
      authorization: 'Bearer upstream-key',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${upstream.url}/v1`,
    },
  });
}

const modes = [
  {
    name: 'non-stream',
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] },
  },
  {
    name: 'stream',
    body: {
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'Say hello' }],
    },
  },
];

const loadBefore = os.loadavg()[0];
const rows = [];
for (let round = 1; round <= (MAIN_CELLS ? ROUNDS : 0); round += 1) {
  for (const mode of modes) {
    for (const concurrency of [1, 50]) {
      const direct = {};
      const [floor, ...others] = targets.filter((target) => !gateways.includes(target));
      for (const target of [floor, ...alternated(), ...others]) {
        await load(target, mode.body, WARMUP, concurrency);
        const cpuBefore = cpuMs(target.pid);
        const result = await load(target, mode.body, REQUESTS, concurrency);
        const cpu = (cpuMs(target.pid) - cpuBefore) / REQUESTS;
        if (target.name === 'direct') Object.assign(direct, result);
        const row = [
          round,
          mode.name,
          concurrency,
          target.name,
          result.rps.toFixed(0),
          result.p50.toFixed(2),
          result.p99.toFixed(2),
          target.name === 'direct' ? '—' : `+${(result.p50 - direct.p50).toFixed(2)}`,
          mode.name === 'stream' ? result.ttfb50.toFixed(2) : '—',
          mode.name === 'stream' && target.name !== 'direct'
            ? `+${(result.ttfb50 - direct.ttfb50).toFixed(2)}`
            : '—',
          target.name === 'direct' ? '—' : (result.rps / direct.rps).toFixed(2),
          target.name === 'direct' ? `(upstream ${cpu.toFixed(3)})` : cpu.toFixed(3),
          result.failures,
        ];
        rows.push(row);
        console.log(row.join('\t'));
      }
    }
  }
}
const loadAfter = os.loadavg()[0];
console.log(
  `load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; ${os.cpus().length} cores`,
);

if (MAIN_CELLS)
  writeResult('relay', {
    runs: `${REQUESTS} requests per cell after ${WARMUP} warm-up, ${ROUNDS} round(s); load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
    columns: [
      'round',
      'mode',
      'concurrency',
      'target',
      'req/s',
      'p50 ms',
      'p99 ms',
      'added p50 ms',
      'first byte p50 ms',
      'added first byte ms',
      'throughput ÷ direct',
      'CPU ms/request',
      'failures',
    ],
    rows,
  });

// Dialect cells: Switchyard only, beside the direct call of the upstream API each ends at.
const words = [{ role: 'user', content: 'Say hello' }];
const chatBody = (model, stream) => ({ model, stream, messages: words });
const messagesBody = (model, stream) => ({ model, stream, max_tokens: 64, messages: words });
const responsesBody = (model, stream) => ({ model, stream, input: 'Say hello' });
const paths = [
  { name: 'chat → OpenAI', route: '/v1/chat/completions', body: chatBody, model: 'gpt-4o-mini' },
  // The same upstream as Responses → chat below (no stream usage: the reply is tokenized for the
  // bill), so that cell's translation shows apart from the counting.
  {
    name: 'chat → OpenAI-compatible, no stream usage',
    route: '/v1/chat/completions',
    body: chatBody,
    model: 'chat-bench',
  },
  {
    name: 'Messages → Anthropic (pass-through)',
    route: '/v1/messages',
    body: messagesBody,
    model: 'claude-bench',
    direct: { route: '/v1/messages', body: messagesBody },
  },
  {
    name: 'Messages → OpenAI (translated)',
    route: '/v1/messages',
    body: messagesBody,
    model: 'gpt-4o-mini',
  },
  {
    name: 'Responses → chat (translated)',
    route: '/v1/responses',
    body: responsesBody,
    model: 'chat-bench',
  },
  {
    name: 'Responses → chat with stream usage (translated)',
    route: '/v1/responses',
    body: responsesBody,
    model: 'deepseek-chat',
  },
];
const [direct, gateway] = targets;
const dialectRows = [];
for (const stream of ONLY_LIMITS || ONLY_MAIN ? [] : [false, true]) {
  for (const concurrency of [1, 50]) {
    for (const cell of paths.filter((cell) =>
      ONLY_PATH.split('|').some((part) => cell.name.includes(part)),
    )) {
      const directRoute = cell.direct?.route ?? '/v1/chat/completions';
      const directBody = (cell.direct?.body ?? chatBody)('gpt-4o-mini', stream);
      await load(direct, directBody, WARMUP, concurrency, directRoute);
      const floor = await load(direct, directBody, REQUESTS, concurrency, directRoute);
      const body = cell.body(cell.model, stream);
      for (const target of alternated()) {
        await load(target, body, WARMUP, concurrency, cell.route);
        const cpuBefore = cpuMs(target.pid);
        const result = await load(target, body, REQUESTS, concurrency, cell.route);
        const cpu = (cpuMs(target.pid) - cpuBefore) / REQUESTS;
        const row = [
          cell.name,
          ...(baseline ? [target.name] : []),
          stream ? 'stream' : 'non-stream',
          concurrency,
          result.rps.toFixed(0),
          `+${(result.p50 - floor.p50).toFixed(2)}`,
          stream ? `+${(result.ttfb50 - floor.ttfb50).toFixed(2)}` : '—',
          cpu.toFixed(3),
          result.failures,
        ];
        dialectRows.push(row);
        console.log(row.join('\t'));
      }
    }
  }
}
if (!ONLY_LIMITS && !ONLY_MAIN)
  writeResult('relay-dialects', {
    runs: `${REQUESTS} requests per cell after ${WARMUP} warm-up; load average ${os.loadavg()[0].toFixed(2)} at the end`,
    columns: [
      'path',
      ...(baseline ? ['build'] : []),
      'mode',
      'concurrency',
      'req/s',
      'added p50 ms',
      'added first byte ms',
      'CPU ms/request',
      'failures',
    ],
    rows: dialectRows,
  });

// Limited token (issue 17): chat → OpenAI, non-stream, the unlimited token beside one with
// rpm + tpm + a day window, on this server (limiter in process) and, with --redis, on a second
// server whose limiter counts in Redis.
const limitRows = [];
const limitCells = async (store, gateway) => {
  for (const concurrency of [1, 50]) {
    for (const [name, token] of [
      ['no limits', key],
      ['rpm + tpm + day window', LIMITED_KEY],
      ['org wallet + member day cap', ORG_KEY],
    ]) {
      const target = { ...gateway, headers: { authorization: `Bearer sk-${token}` } };
      const body = chatBody('gpt-4o-mini', false);
      await load(target, body, WARMUP, concurrency);
      const cpuBefore = cpuMs(target.pid);
      const result = await load(target, body, REQUESTS, concurrency);
      const cpu = (cpuMs(target.pid) - cpuBefore) / REQUESTS;
      const row = [
        store,
        name,
        concurrency,
        result.rps.toFixed(0),
        result.p50.toFixed(2),
        cpu.toFixed(3),
        result.failures,
      ];
      limitRows.push(row);
      console.log(row.join('\t'));
    }
  }
};
if (!ONLY_DIALECTS && !ONLY_MAIN) await limitCells('this process', gateway);
await switchyard.stop();
await baseline?.stop();
if (REDIS && !ONLY_MAIN) {
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const withRedis = await startServer({
    port: SWITCHYARD_PORT,
    dataDir,
    env: { ...serverEnv, REDIS_URL: redisUrl },
  });
  seed(path.join(dataDir, 'switchyard.db'), upstream.url);
  await limitCells(`Redis (${redisUrl})`, {
    name: 'switchyard',
    url: withRedis.url,
    pid: withRedis.pid,
  });
  await withRedis.stop();
}
if (!ONLY_DIALECTS && !ONLY_MAIN)
  writeResult('relay-limits', {
    runs: `${REQUESTS} requests per cell after ${WARMUP} warm-up; load average ${os.loadavg()[0].toFixed(2)} at the end`,
    columns: ['limiter', 'token', 'concurrency', 'req/s', 'p50 ms', 'CPU ms/request', 'failures'],
    rows: limitRows,
  });
for (const child of children) child.kill('SIGTERM');
process.exit(0);
