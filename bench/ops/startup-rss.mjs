// Start-up time and memory of the server: compiled (apps/server/dist/main.js on plain node, what
// `npm start` and the image run) beside the sources through tsx (the old `npm start`). For each:
// time from spawn to /readyz 200 on a fresh SQLite database, RSS when idle, and peak RSS under a
// relay load (chat requests at concurrency 50 against a fast fake upstream, stream and not),
// with helper processes (tsx's esbuild service) counted; the same for `node scripts/start.mjs`
// (builds current, so both skipped), which is `npm start`.
//
// Each row also gives the server's CPU time per request under that load (user + system, from
// /proc), so a memory setting that costs throughput shows.
//
// Usage: node bench/ops/startup-rss.mjs [--requests 2000] [--baseline path/to/main.js
//   [--baseline-label text]]
// --baseline adds a row for another build of the server (e.g. the previous commit's bundle, built
// in a copy of that tree), measured in the same run as the current one.
// SWITCHYARD_NODE_OPTIONS passes Node options to the servers (e.g. V8 heap sizes).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { buildServer, serverArgs } from '../../scripts/lib/spawn-server.mjs';
import { writeResult } from '../lib/results.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const REQUESTS = Number(arg('requests', 2000));
const BASELINE = arg('baseline', undefined);
const BASELINE_LABEL = arg('baseline-label', BASELINE && path.relative(repoRoot, BASELINE));
const PORT = 3293;
const dataDir = path.join(repoRoot, '.cache/bench-ops');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** RSS in kB of a process and its descendants (helper processes count), and how many helpers. */
function treeRss(pid) {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  let kids = [];
  try {
    kids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none
  }
  const below = kids.map(treeRss);
  return {
    total: below.reduce((sum, kid) => sum + kid.total, own),
    helpers: below.reduce((sum, kid) => sum + 1 + kid.helpers, 0),
  };
}

/** CPU time (user + system) of a process, in ms; clock ticks are 10 ms on Linux. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitReady(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(20);
  }
}

function start(args, env = {}) {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SQLITE_PATH: path.join(dataDir, 'switchyard.db'),
      REMOTES_DIR: path.join(dataDir, 'remotes'),
      REMOTES_FILE: path.join(dataDir, 'remotes.json'),
      SQL_DSN: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      GLOBAL_API_RATE_LIMIT: '0',
      // e.g. "--max-semi-space-size=4" to try V8 heap settings.
      ...(process.env.SWITCHYARD_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.SWITCHYARD_NODE_OPTIONS }
        : {}),
      ...env,
    },
  });
  children.push(child);
  return child;
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

function seed(upstreamUrl) {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(path.join(dataDir, 'switchyard.db'));
  db.pragma('busy_timeout = 5000');
  const now = Math.floor(Date.now() / 1000);
  const key = 'OpsBench'.repeat(6);
  const user = db
    .prepare(
      `INSERT INTO users (username, password, display_name, role, status, quota, created_at)
       VALUES ('opsbench', 'x', 'opsbench', 1, 1, 1000000000000, ?)`,
    )
    .run(now);
  db.prepare(
    `INSERT INTO tokens (user_id, key, name, status, created_time, accessed_time, expired_time,
       remain_quota, unlimited_quota) VALUES (?, ?, 'bench', 1, ?, ?, -1, 0, 1)`,
  ).run(user.lastInsertRowid, key, now, now);
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
  return key;
}

async function load(url, key, count, stream) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const payload = JSON.stringify({
    model: 'gpt-4o-mini',
    stream,
    messages: [{ role: 'user', content: 'Say hello' }],
  });
  let next = 0;
  let failures = 0;
  const one = () =>
    new Promise((resolve) => {
      const request = http.request(
        `${url}/v1/chat/completions`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key}` },
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
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < count) {
        next += 1;
        await one();
      }
    }),
  );
  agent.destroy();
  return failures;
}

async function startUpstream() {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bench/relay/fast-upstream.mjs'), '0'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (data) => resolve(Number(String(data).trim()))),
  );
  return `http://127.0.0.1:${port}`;
}

/** True when `npm start` would install packages first (then its time says nothing). */
function wouldInstall() {
  const stamp = path.join(repoRoot, 'node_modules/.switchyard-install-stamp');
  const lock = readFileSync(path.join(repoRoot, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash;
}

buildServer();
const upstreamUrl = await startUpstream();
const url = `http://127.0.0.1:${PORT}`;
const rows = [];
const servers = [
  ...(BASELINE ? [[`baseline (${BASELINE_LABEL})`, [BASELINE]]] : []),
  ['compiled (node dist/main.js)', serverArgs('compiled')],
  // `npm start` as a user runs it (builds current): the start script, then the server in it.
  ...(wouldInstall()
    ? []
    : [['node scripts/start.mjs (builds current)', [path.join(repoRoot, 'scripts/start.mjs')]]]),
  ['tsx (node --import tsx src/main.ts)', serverArgs('tsx')],
];
if (wouldInstall()) {
  console.log('npm start row left out: the install stamp is not current (it would run npm ci)');
}
for (const [name, args] of servers) {
  const started = performance.now();
  const child = start(args);
  await waitReady(url, child);
  const readyMs = performance.now() - started;
  await sleep(3000);
  const idle = treeRss(child.pid);
  const key = seed(upstreamUrl);
  let peak = idle.total;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid).total);
  }, 50);
  const cpuBefore = cpuMs(child.pid);
  const failures =
    (await load(url, key, REQUESTS, false)) + (await load(url, key, REQUESTS / 2, true));
  const cpuPerRequest = (cpuMs(child.pid) - cpuBefore) / (REQUESTS * 1.5);
  clearInterval(sampler);
  const after = treeRss(child.pid);
  await stop(child);
  rows.push([
    name,
    `${readyMs.toFixed(0)} ms`,
    mb(idle.total),
    String(idle.helpers),
    mb(peak),
    mb(after.total),
    `${cpuPerRequest.toFixed(2)} ms`,
    String(failures),
  ]);
  console.log(rows.at(-1).join('  '));
}

writeResult('ops-startup-rss', {
  runs: 1,
  columns: [
    'server',
    'spawn → /readyz 200',
    'RSS idle',
    'helper processes',
    `RSS peak (${REQUESTS} chats + ${REQUESTS / 2} streams, c=50)`,
    'RSS after load',
    'server CPU per request under load',
    'failed requests',
  ],
  rows,
});
process.exit(0);
