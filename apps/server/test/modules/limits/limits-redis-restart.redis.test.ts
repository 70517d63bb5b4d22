// Redis optional at run time (issue 35): two server processes on one database share a Redis of
// their own (a redis-server this test starts on another loopback port, so the machine's shared
// Redis stays up) which is stopped and started again under load. A token with a concurrency
// limit keeps being served (each node counts its own slots meanwhile, never a 500), /readyz stays
// 200 on both nodes, and once Redis is back no slot is left taken: a burst of exactly the limit
// is served whole. Books: Σ consume logs = quota taken, no open reservation.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildNode,
  freePort,
  startNode,
  startUpstreamProcess,
} from '../../helpers/child-nodes';
import { createUser } from '../../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../../helpers/node-cluster';
import { createToken, seedChannel } from '../../helpers/relay-fixtures';

const QUOTA = 100_000_000;
const LIMIT = 4;
const PREFIX = `sy-restart-${randomBytes(4).toString('hex')}:`;

const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

let cluster: ClusterDatabase;
let upstream: ChildNode;
let redisPort: number;
let redis: ChildProcess | undefined;
const nodes: ChildNode[] = [];
let authorization = '';
let tokenId = 0;
let userId = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Our own Redis, no persistence: a restart starts empty, like a replaced container. */
async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis: ${output}`);
    await sleep(50);
  }
  redis = child;
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  redisPort = await freePort();
  await startRedis();
  cluster = await openClusterDatabase();
  upstream = await startUpstreamProcess({ 'restart-key': { delayMs: 150, text: 'fine thanks' } });
  const db = cluster.database.db;
  await seedChannel(db, { key: 'restart-key', baseUrl: upstream.url, models: ['gpt-4'] });
  const user = await createUser(db, { quota: QUOTA });
  const token = await createToken(db, user.id, { unlimited: false, remainQuota: QUOTA });
  await db
    .updateTable('tokens')
    .set({ concurrency_limit: LIMIT })
    .where('id', '=', token.id)
    .execute();
  authorization = token.authorization;
  tokenId = token.id;
  userId = user.id;
  const env = { ...cluster.env, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: PREFIX };
  nodes.push(await startNode({ ...env, NODE_ID: 'redis-a' }));
  nodes.push(await startNode({ ...env, NODE_ID: 'redis-b' }));
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.kill('SIGKILL');
  await upstream?.kill();
  await stopRedis();
  await cluster?.close();
});

async function chat(node: ChildNode): Promise<number> {
  const response = await fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({
      model: 'gpt-4',
      max_tokens: 20,
      messages: [{ role: 'user', content: 'how are you' }],
    }),
  });
  await response.text();
  return response.status;
}

async function readiness(node: ChildNode) {
  const response = await fetch(`${node.url}/readyz`);
  const body = (await response.json()) as { checks: Record<string, string> };
  return { status: response.status, redis: body.checks.redis };
}

describe.skipIf(!hasRedisServer)('Redis stopped and started under load', () => {
  it('keeps serving a concurrency-limited token, stays ready and leaves no slot taken', async () => {
    const statuses: { phase: string; status: number }[] = [];
    let phase = 'before';
    let running = true;
    const worker = async (node: ChildNode) => {
      while (running) statuses.push({ phase, status: await chat(node) });
    };
    // Three clients per node: six at once on a limit of four, so slots are contended.
    const load = Promise.all(nodes.flatMap((node) => [worker(node), worker(node), worker(node)]));

    await sleep(1500);
    await stopRedis();
    phase = 'outage';
    await sleep(1000);
    // Both nodes stay in the balancer, with Redis's state in the detail.
    for (const node of nodes) {
      const ready = await readiness(node);
      expect(ready.status).toBe(200);
      expect(ready.redis).not.toBe('ok');
    }
    await sleep(2000);
    await startRedis();
    phase = 'after';
    const deadline = Date.now() + 15_000;
    for (const node of nodes) {
      while ((await readiness(node)).redis !== 'ok' && Date.now() < deadline) await sleep(100);
    }
    await sleep(1500);
    running = false;
    await load;

    const count = (which: string, status: number) =>
      statuses.filter((s) => s.phase === which && s.status === status).length;
    console.info(
      ['before', 'outage', 'after']
        .map((p) => `${p}: ${count(p, 200)} × 200, ${count(p, 429)} × 429`)
        .join('; '),
    );
    // Served or refused by the limit; never a 500 (or anything else).
    expect(statuses.filter((s) => s.status !== 200 && s.status !== 429)).toEqual([]);
    expect(count('outage', 200)).toBeGreaterThan(0);
    expect(count('after', 200)).toBeGreaterThan(0);

    // Nothing left holding the token's slots: exactly the limit at once is served whole.
    const burst = await Promise.all(
      Array.from({ length: LIMIT }, (_, i) => chat(nodes[i % 2] as ChildNode)),
    );
    expect(burst).toEqual(Array(LIMIT).fill(200));
    const client = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true });
    await client.connect();
    const live = await client.zcount(`${PREFIX}limits:t:${tokenId}:conc`, Date.now(), '+inf');
    client.disconnect();
    expect(live).toBe(0);

    // The books: every 200 billed once, nothing reserved left.
    const db = cluster.database.db;
    const served = statuses.filter((s) => s.status === 200).length + LIMIT;
    const deadlineBooks = Date.now() + 10_000;
    let open = 1;
    while (open > 0 && Date.now() < deadlineBooks) {
      const row = await db
        .selectFrom('relay_reservations')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      open = Number(row.n);
      if (open > 0) await sleep(100);
    }
    expect(open).toBe(0);
    const logs = await db
      .selectFrom('logs')
      .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('n')])
      .where('user_id', '=', userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(logs.n)).toBe(served);
    const user = await db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(QUOTA - Number(user.quota)).toBe(Number(logs.quota));
  }, 90_000);
});
