// Relay CPU per request with an org token (issue 32: paid from the org's wallet, held in the
// member's cap window) beside a personal token of the same member (paid from the member's
// wallet), on SQLite without Redis, chat non-stream at concurrency 1 and 50. The org-funded path
// adds the member's guarded cap-window update and the org's balance update to the take, and both
// moves to the settlement. The cap never fills and the org wallet never empties, so every
// request pays for the checks and none is refused. Rounds alternate the two tokens (the order
// reversed every other round) so a noisy machine bends both alike; medians are reported.
//
// After the run (the server stopped, so batched settlements are written) it checks that the org
// paid and fails loudly otherwise: every org-token request has a consume log funded by
// `org:<id>`, the org's used quota and the member's spend grew by what those logs charged, the
// org's balance fell by it, and the member's own wallet paid only for the personal token.
//
// Usage: node bench/orgs/org-relay-bench.mjs [--requests 3000] [--warmup 300] [--rounds 3]
//        [--port 3395] [--server <main.js>]  another compiled server (a copy of an older
//          apps/server/dist at the same depth, e.g. apps/server/dist-before/main.js) instead of
//          this checkout's build: run once with each for a before/after of the org path.
import path from 'node:path';
import { numberArg, stringArg } from '../lib/args.mjs';
import { cpuDuring, loadAverage, loadSpan } from '../lib/cpu.mjs';
import { assertFunded, check } from '../lib/funding-check.mjs';
import { bearer, chatBody, loadAllOk } from '../lib/load.mjs';
import { writeResult } from '../lib/results.mjs';
import { alternatingRounds, medianOf, signed } from '../lib/rounds.mjs';
import {
  benchKey,
  openDb,
  seedChannel,
  seedOrg,
  seedOrgMember,
  seedToken,
  seedUser,
} from '../lib/seed.mjs';
import { startBenchServer } from '../lib/server.mjs';
import { startFastUpstream } from '../lib/upstream.mjs';

const REQUESTS = numberArg('requests', 3000);
const WARMUP = numberArg('warmup', 300);
const ROUNDS = numberArg('rounds', 3);
const PORT = numberArg('port', 3395);
const SERVER = stringArg('server', undefined);
const PERSONAL_KEY = benchKey('BenchPer');
const ORG_KEY = benchKey('BenchOrg');
/** Far more than any run spends: the wallets never empty and the cap never fills. */
const MEMBER_WALLET = 1e12;
const ORG_WALLET = 1e15;
const MEMBER_CAP = 1e15;
const CAP_PERIOD = 'day';

/**
 * An org made by its owner and funded, a member with a daily cap, and two tokens of that member:
 * a personal one and one inside the org.
 */
function seed(db, upstreamUrl) {
  const owner = seedUser(db, { username: 'benchowner', quota: 0 });
  const orgId = seedOrg(db, { name: 'bench', ownerId: owner, quota: ORG_WALLET });
  const member = seedUser(db, { username: 'benchmember', quota: MEMBER_WALLET });
  seedOrgMember(db, {
    orgId,
    userId: member,
    quotaLimit: MEMBER_CAP,
    windowPeriod: CAP_PERIOD,
  });
  const personalToken = seedToken(db, { userId: member, key: PERSONAL_KEY, name: 'personal' });
  const orgToken = seedToken(db, { userId: member, key: ORG_KEY, name: 'org', orgId });
  seedChannel(db, { baseUrl: upstreamUrl, models: 'gpt-4o-mini' });
  return { orgId, member, personalToken, orgToken };
}

/** Every request of the run was paid where the bench says: throws otherwise. */
function checkFunding(db, ids, requests) {
  const personal = assertFunded(db, {
    tokenId: ids.personalToken,
    funding: 'wallet',
    requests,
    what: 'personal token',
  });
  const charged = assertFunded(db, {
    tokenId: ids.orgToken,
    funding: `org:${ids.orgId}`,
    requests,
    what: 'org token',
  });
  const org = db
    .prepare('SELECT quota, used_quota, request_count FROM orgs WHERE id = ?')
    .get(ids.orgId);
  check(org.used_quota === charged, `org used_quota ${org.used_quota}, logs charged ${charged}`);
  check(ORG_WALLET - org.quota === charged, `org wallet fell by ${ORG_WALLET - org.quota}`);
  check(org.request_count === requests, `org request_count ${org.request_count} of ${requests}`);
  const member = db
    .prepare(
      `SELECT used_quota, request_count, window_used, window_reserved FROM org_members
       WHERE org_id = ? AND user_id = ?`,
    )
    .get(ids.orgId, ids.member);
  check(member.used_quota === charged, `member spend ${member.used_quota}, logs ${charged}`);
  check(member.request_count === requests, `member request_count ${member.request_count}`);
  // A day boundary during the run starts a new window: the window holds at most the run's spend.
  check(member.window_used > 0 && member.window_used <= charged, 'member cap window not counted');
  check(
    member.window_reserved === 0,
    `holds left in the member's window: ${member.window_reserved}`,
  );
  const wallet = db.prepare('SELECT quota FROM users WHERE id = ?').get(ids.member);
  check(
    MEMBER_WALLET - wallet.quota === personal,
    `the member's wallet paid ${MEMBER_WALLET - wallet.quota}, its personal logs ${personal}`,
  );
  return { charged, personal };
}

const upstream = await startFastUpstream();
const server = await startBenchServer({
  name: 'orgs',
  port: PORT,
  entry: SERVER && path.resolve(SERVER),
});
const db = openDb(server.dbPath);
const ids = seed(db, upstream.url);
const loadBefore = loadAverage();
const variants = [
  { name: 'personal', label: 'personal (member wallet)', key: PERSONAL_KEY },
  { name: 'org', label: `org (org wallet + member ${CAP_PERIOD} cap)`, key: ORG_KEY },
];
const send = (variant, count, concurrency) =>
  loadAllOk(`${variant.name} token`, {
    url: server.url,
    headers: bearer(variant.key),
    body: chatBody(),
    count,
    concurrency,
  });
// Warm both paths (prepared statements, the channel list, JIT) before anything is measured.
for (const variant of variants) await send(variant, WARMUP, 10);

const rows = [];
for (const concurrency of [1, 50]) {
  const samples = await alternatingRounds(variants, ROUNDS, async (variant) => {
    const { result, cpuMs } = await cpuDuring(server.pid, () =>
      send(variant, REQUESTS, concurrency),
    );
    return { cpu: cpuMs / REQUESTS, rps: result.rps, p50: result.p50 };
  });
  const personal = medianOf(samples.get('personal'), 'cpu');
  for (const variant of variants) {
    const cpu = medianOf(samples.get(variant.name), 'cpu');
    rows.push([
      `c=${concurrency}`,
      variant.label,
      cpu.toFixed(3),
      medianOf(samples.get(variant.name), 'rps').toFixed(0),
      medianOf(samples.get(variant.name), 'p50').toFixed(2),
      variant.name === 'org' ? signed(cpu - personal) : '',
    ]);
  }
}
const loadAfter = loadAverage();
console.table(rows);
await server.stop();
const requests = WARMUP + 2 * ROUNDS * REQUESTS;
const { charged, personal } = checkFunding(db, ids, requests);
db.close();
console.log(
  `funding check passed: ${requests} org-token requests logged as org:${ids.orgId} (${charged} quota, the org's used quota and the member's spend alike); ${requests} personal ones as wallet (${personal})`,
);
writeResult('org-relay', {
  runs: ROUNDS,
  columns: [
    'concurrency',
    'token',
    'CPU ms/request',
    'requests/s',
    'p50 ms',
    'org − personal CPU (ms)',
  ],
  rows,
  notes: [
    `\`node bench/orgs/org-relay-bench.mjs --requests ${REQUESTS} --warmup ${WARMUP} --rounds ${ROUNDS}${SERVER ? ` --server ${SERVER}` : ''}\`: ${REQUESTS} requests per cell and round, ${ROUNDS} rounds alternating; ${loadSpan(loadBefore, loadAfter)} (the machine is shared). SQLite, no Redis, non-stream chat against the fast fake upstream.`,
    `Funding checked after the run: all ${requests} org-token requests have a consume log funded by \`org:${ids.orgId}\`; the org's used quota, its balance's fall and the member's spend each equal the ${charged} quota those logs charged; the member's wallet paid only the personal token's ${personal}.`,
  ],
});
process.exit(0);
