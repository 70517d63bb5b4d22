// Relay CPU per request funded by a plan subscription with two windows (5h + day) beside the same
// request funded by the wallet (issue 31), on SQLite without Redis, at concurrency 1 and 50. The
// plan-funded path adds the covering-subscription read and the guarded window update in the take
// and the window moves in the settlement; the target is +0.05 ms of CPU per request at c=50.
// Rounds alternate wallet and plan so a noisy machine bends both alike; medians are reported.
// After the run it checks that the plan paid: every plan-token request has a consume log funded by
// `plan:<id>` and both windows count exactly what those logs charged (it fails otherwise).
//
// Usage: node bench/plans/plan-relay-bench.mjs [--requests 3000] [--warmup 300] [--rounds 3]
//        [--port 3391] [--server <main.js>]  another compiled server (a copy of an older
//          apps/server/dist at the same depth, e.g. apps/server/dist-before/main.js) instead of
//          this checkout's build: run once with each for a before/after of the plan path.
import path from 'node:path';
import { numberArg, stringArg } from '../lib/args.mjs';
import { cpuDuring, loadAverage, loadSpan } from '../lib/cpu.mjs';
import { assertFunded, check } from '../lib/funding-check.mjs';
import { bearer, chatBody, loadAllOk } from '../lib/load.mjs';
import { writeResult } from '../lib/results.mjs';
import { alternatingRounds, medianOf, signed } from '../lib/rounds.mjs';
import { benchKey, insertRow, openDb, seedChannel, seedToken, seedUser } from '../lib/seed.mjs';
import { startBenchServer } from '../lib/server.mjs';
import { startFastUpstream } from '../lib/upstream.mjs';

const REQUESTS = numberArg('requests', 3000);
const WARMUP = numberArg('warmup', 300);
const ROUNDS = numberArg('rounds', 3);
const PORT = numberArg('port', 3391);
const SERVER = stringArg('server', undefined);
const WALLET_KEY = benchKey('BenchWal');
const PLAN_KEY = benchKey('BenchPln');

/** A wallet user and a plan user (a subscription whose windows never fill), one token each. */
function seed(db, upstreamUrl) {
  const now = Math.floor(Date.now() / 1000);
  const walletUser = seedUser(db, { username: 'benchwallet', quota: 1e12 });
  seedToken(db, { userId: walletUser, key: WALLET_KEY });
  // The plan user's wallet is empty: a request the plan did not fund would fail.
  const planUser = seedUser(db, { username: 'benchplan', quota: 0 });
  seedToken(db, { userId: planUser, key: PLAN_KEY });
  // Windows are anchored to starts_at: a minute in, a run of minutes stays in the first ones.
  const subscriptionId = insertRow(db, 'subscriptions', {
    user_id: planUser,
    plan_id: 1,
    plan_name: 'bench',
    models: 'gpt-4o-mini',
    status: 1,
    starts_at: now - 60,
    expires_at: now + 30 * 86_400,
    auto_renew: 0,
    source: 'wallet',
    price: 0,
    duration_days: 30,
    created_at: now,
    w5h_quota: 1e15,
    wday_quota: 1e15,
  });
  seedChannel(db, { baseUrl: upstreamUrl, models: 'gpt-4o-mini' });
  return { walletUser, planUser, subscriptionId };
}

/** Every request of the run was paid where the bench says: throws otherwise. */
function checkFunding(db, ids, requests) {
  assertFunded(db, { userId: ids.walletUser, funding: 'wallet', requests, what: 'wallet token' });
  const charged = assertFunded(db, {
    userId: ids.planUser,
    funding: `plan:${ids.subscriptionId}`,
    requests,
    what: 'plan token',
  });
  const row = db
    .prepare(
      'SELECT w5h_used, w5h_reserved, wday_used, wday_reserved FROM subscriptions WHERE id = ?',
    )
    .get(ids.subscriptionId);
  check(row.w5h_used === charged, `5h window used ${row.w5h_used}, logs charged ${charged}`);
  check(row.wday_used === charged, `day window used ${row.wday_used}, logs charged ${charged}`);
  check(row.w5h_reserved === 0 && row.wday_reserved === 0, 'holds left in the plan windows');
  return charged;
}

const upstream = await startFastUpstream();
const server = await startBenchServer({
  name: 'plans',
  port: PORT,
  entry: SERVER && path.resolve(SERVER),
});
const db = openDb(server.dbPath);
const ids = seed(db, upstream.url);
const loadBefore = loadAverage();
const send = (key, count, concurrency) =>
  loadAllOk(key === PLAN_KEY ? 'plan' : 'wallet', {
    url: server.url,
    headers: bearer(key),
    body: chatBody({ max_tokens: 16 }),
    count,
    concurrency,
  });
// The relay caches the channel list; a request at start fills it.
await send(WALLET_KEY, WARMUP, 10);
await send(PLAN_KEY, WARMUP, 10);

const rows = [];
for (const concurrency of [1, 50]) {
  const samples = await alternatingRounds(
    [
      { name: 'wallet', key: WALLET_KEY },
      { name: 'plan', key: PLAN_KEY },
    ],
    ROUNDS,
    async (variant) => {
      const { result, cpuMs } = await cpuDuring(server.pid, () =>
        send(variant.key, REQUESTS, concurrency),
      );
      return { cpu: cpuMs / REQUESTS, rps: result.rps };
    },
  );
  const wallet = medianOf(samples.get('wallet'), 'cpu');
  const plan = medianOf(samples.get('plan'), 'cpu');
  for (const name of ['wallet', 'plan']) {
    rows.push([
      `c=${concurrency}`,
      name === 'plan' ? 'plan (5h + day windows)' : 'wallet',
      medianOf(samples.get(name), 'cpu').toFixed(3),
      medianOf(samples.get(name), 'rps').toFixed(0),
      name === 'plan' ? signed(plan - wallet) : '',
    ]);
  }
}
const loadAfter = loadAverage();
console.table(rows);
await server.stop();
const charged = checkFunding(db, ids, WARMUP + 2 * ROUNDS * REQUESTS);
db.close();
console.log(`funding check: every plan-token request logged as plan:${ids.subscriptionId}`);
writeResult('plan-relay', {
  runs: ROUNDS,
  columns: ['concurrency', 'funded by', 'CPU ms/request', 'requests/s', 'plan − wallet (ms)'],
  rows,
  notes: [
    `${REQUESTS} requests per cell after ${WARMUP} warm-up; ${loadSpan(loadBefore, loadAfter)}.`,
    `Funding checked after the run: every plan-token request has a consume log funded by \`plan:${ids.subscriptionId}\`, and the 5h and day windows count the ${charged} quota those logs charged.`,
  ],
});
process.exit(0);
