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
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/setup.mjs';
import { buildServer, serverArgs } from '../../scripts/lib/spawn-server.mjs';
import { numberArg, stringArg } from '../lib/args.mjs';
import { cpuDuring } from '../lib/cpu.mjs';
import { bearer, chatBody, load } from '../lib/load.mjs';
import { writeResult } from '../lib/results.mjs';
import { benchKey, openDb, seedChannel, seedToken, seedUser } from '../lib/seed.mjs';
import { spawnOwned, startFastUpstream, stopChild } from '../lib/upstream.mjs';

const REQUESTS = numberArg('requests', 2000);
const BASELINE = stringArg('baseline', undefined);
const BASELINE_LABEL = stringArg('baseline-label', BASELINE && path.relative(repoRoot, BASELINE));
const PORT = 3293;
const dataDir = path.join(repoRoot, '.cache/bench-ops');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

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
  return spawnOwned(args, {
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
}

/** A user with one token and a channel to the upstream; answers the token's key. */
function seed(upstreamUrl) {
  const db = openDb(path.join(dataDir, 'switchyard.db'));
  const key = benchKey('OpsBench');
  seedToken(db, { userId: seedUser(db, { username: 'opsbench', quota: 1e12 }), key });
  seedChannel(db, { baseUrl: upstreamUrl, models: 'gpt-4o-mini' });
  db.close();
  return key;
}

/** `count` chats (or streams) at concurrency 50; answers how many failed. */
async function relayLoad(url, key, count, stream) {
  const result = await load({
    url,
    headers: bearer(key),
    body: chatBody({ stream }),
    count,
    concurrency: 50,
  });
  return result.failures;
}

/** True when `npm start` would install packages first (then its time says nothing). */
function wouldInstall() {
  const stamp = path.join(repoRoot, 'node_modules/.switchyard-install-stamp');
  const lock = readFileSync(path.join(repoRoot, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash;
}

buildServer();
const upstreamUrl = (await startFastUpstream()).url;
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
  const { result: failures, cpuMs } = await cpuDuring(
    child.pid,
    async () =>
      (await relayLoad(url, key, REQUESTS, false)) +
      (await relayLoad(url, key, REQUESTS / 2, true)),
  );
  const cpuPerRequest = cpuMs / (REQUESTS * 1.5);
  clearInterval(sampler);
  const after = treeRss(child.pid);
  await stopChild(child);
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
