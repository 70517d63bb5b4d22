// Org wallets across real server processes (issue 32). PostgreSQL and MySQL: two nodes sharing
// Redis; SQLite: one node. 200 concurrent org-token requests by 5 members spread over the nodes
// never overdraw the org nor put a member over the cap, and the org's logs add up to what left
// its wallet; a node SIGKILLed mid-request leaves no reservation behind once reconciled (to the
// org); a member removed through one node is refused on the other at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildNode, startNode, startUpstreamProcess } from '../../helpers/child-nodes';
import { TEST_ENGINE } from '../../helpers/database';
import { type CreatedUser, createUser } from '../../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../../helpers/node-cluster';
import { createToken, seedChannel } from '../../helpers/relay-fixtures';

const LEASE_MS = 1500;
const PER_CALL = 1000;
const WORDS = Array.from({ length: 24 }, (_, i) => `word${i} `).join('');
const TWO_NODES = TEST_ENGINE !== 'sqlite';
/** The nodes share Redis when the runner found it (scripts/test-server.mjs); the money is in SQL. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

let cluster: ClusterDatabase;
let upstream: ChildNode;
const nodes: ChildNode[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const db = () => cluster.database.db;

const nodeEnv = (id: string) => ({
  ...cluster.env,
  NODE_ID: id,
  RELAY_LEASE_MS: String(LEASE_MS),
  ...(TWO_NODES && REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `orgs-test-${process.pid}:` } : {}),
});

beforeAll(async () => {
  cluster = await openClusterDatabase();
  upstream = await startUpstreamProcess({
    'org-call': { delayMs: 30 },
    'org-stream': { delayMs: 150, chunkDelayMs: 15, text: WORDS },
  });
  await seedChannel(db(), { key: 'org-call', baseUrl: upstream.url, models: ['per-call'] });
  await seedChannel(db(), { key: 'org-stream', baseUrl: upstream.url, models: ['gpt-4'] });
  await db().deleteFrom('options').where('key', '=', 'ModelPrice').execute();
  await db()
    .insertInto('options')
    .values({ key: 'ModelPrice', value: JSON.stringify({ 'per-call': 0.002 }) })
    .execute();
  nodes.push(await startNode(nodeEnv('org-a')));
  if (TWO_NODES) nodes.push(await startNode(nodeEnv('org-b')));
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.kill('SIGKILL');
  await upstream?.kill();
  await cluster?.close();
});

interface Seeded {
  orgId: number;
  members: { user: CreatedUser; authorization: string }[];
}

/** An org with `caps.length` members (the first its owner), funded with `quota`. */
async function seedOrg(quota: number, caps: number[], period = 'day'): Promise<Seeded> {
  const now = Math.floor(Date.now() / 1000);
  const owner = await createUser(db(), { quota: 0 });
  await db()
    .insertInto('orgs')
    .values({ name: 'nodes', created_by: owner.id, created_at: now, quota })
    .execute();
  const org = await db()
    .selectFrom('orgs')
    .select('id')
    .where('created_by', '=', owner.id)
    .executeTakeFirstOrThrow();
  const orgId = Number(org.id);
  const members: Seeded['members'] = [];
  for (const [index, cap] of caps.entries()) {
    const user = index === 0 ? owner : await createUser(db(), { quota: 0 });
    await db()
      .insertInto('org_members')
      .values({
        org_id: orgId,
        user_id: user.id,
        role: index === 0 ? 'owner' : 'member',
        quota_limit: cap,
        window_period: period,
        joined_at: now,
      })
      .execute();
    const token = await createToken(db(), user.id, { unlimited: true });
    await db().updateTable('tokens').set({ org_id: orgId }).where('id', '=', token.id).execute();
    members.push({ user, authorization: token.authorization });
  }
  return { orgId, members };
}

function call(node: ChildNode, authorization: string, body: Record<string, unknown>) {
  return fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    signal: AbortSignal.timeout(20_000),
  }).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    () => ({ status: 0, body: 'network' }),
  );
}

async function heldFor(orgId: number): Promise<number> {
  const row = await db()
    .selectFrom('relay_reservations')
    .select(sql<number>`count(*)`.as('n'))
    .where('funding', '=', `org:${orgId}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function waitReleased(orgId: number): Promise<number> {
  const deadline = Date.now() + LEASE_MS * 6 + 5000;
  let left = await heldFor(orgId);
  while (left > 0 && Date.now() < deadline) {
    await sleep(200);
    left = await heldFor(orgId);
  }
  return left;
}

/** What left the org's wallet, what its logs and members say was spent. */
async function books(orgId: number) {
  const org = await db()
    .selectFrom('orgs')
    .select(['quota', 'used_quota'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  const logs = await db()
    .selectFrom('logs')
    .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('n')])
    .where('funding', '=', `org:${orgId}`)
    .where('type', '=', 2)
    .executeTakeFirstOrThrow();
  const members = await db()
    .selectFrom('org_members')
    .select(['user_id', 'quota_limit', 'window_used', 'window_reserved', 'used_quota'])
    .where('org_id', '=', orgId)
    .execute();
  return { org, logs, members };
}

describe(`org wallets on ${TWO_NODES ? `two nodes${REDIS_URL ? ' with Redis' : ''}` : 'one node'} (issue 32)`, () => {
  it('200 concurrent requests by 5 members: no overdraw, no member over cap, Σ logs = Δ wallet', async () => {
    const caps = [5, 8, 10, 12, 30].map((n) => n * PER_CALL);
    const { orgId, members } = await seedOrg(50 * PER_CALL, caps);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(nodes[i % nodes.length] as ChildNode, members[i % 5]?.authorization ?? '', {
          model: 'per-call',
        }),
      ),
    );
    expect(await waitReleased(orgId)).toBe(0);
    expect(results.filter((r) => ![200, 403, 429].includes(r.status))).toEqual([]);
    expect(results.filter((r) => r.status === 200).length).toBe(50);
    const { org, logs, members: rows } = await books(orgId);
    expect(Number(org.quota)).toBe(0);
    expect(Number(logs.quota)).toBe(50 * PER_CALL);
    expect(Number(org.used_quota)).toBe(50 * PER_CALL);
    for (const row of rows) {
      expect(Number(row.window_used)).toBeLessThanOrEqual(Number(row.quota_limit));
      expect(Number(row.window_reserved)).toBe(0);
    }
    expect(rows.reduce((sum, r) => sum + Number(r.used_quota), 0)).toBe(50 * PER_CALL);
  }, 60_000);

  it('a node SIGKILLed mid-request: every org reservation ends in a log or back in the org', async () => {
    const funded = 50_000_000;
    const { orgId, members } = await seedOrg(funded, [0, 0, 0], 'month');
    const victimId = TWO_NODES ? 'org-b' : 'org-a';
    const victim = nodes[nodes.length - 1] as ChildNode;
    const port = victim.port;
    let sent = 0;
    const outcomes: number[] = [];
    const worker = async () => {
      while (sent < 90) {
        const alive = nodes.filter((node) => node.alive());
        const node = alive[sent % Math.max(1, alive.length)];
        if (!node) {
          await sleep(50);
          continue;
        }
        sent += 1;
        const r = await call(node, members[sent % 3]?.authorization ?? '', {
          model: 'gpt-4',
          max_tokens: 200,
          stream: sent % 2 === 0,
        });
        outcomes.push(r.status);
      }
    };
    const running = Promise.all(Array.from({ length: 12 }, worker));
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const row = await db()
        .selectFrom('relay_reservations')
        .select('id')
        .where('node_id', '=', victimId)
        .where('funding', '=', `org:${orgId}`)
        .executeTakeFirst();
      if (row) break;
      await sleep(20);
    }
    await victim.kill('SIGKILL');
    nodes.pop();
    // SQLite: the same node id starts again and reconciles its rows; otherwise the live node
    // reconciles the dead one's once its lease runs out.
    if (!TWO_NODES) nodes.push(await startNode(nodeEnv(victimId), port));
    await running;
    expect(await waitReleased(orgId)).toBe(0);
    const { org, logs, members: rows } = await books(orgId);
    const taken = funded - Number(org.quota);
    expect(taken).toBeGreaterThan(0);
    expect(Number(logs.quota)).toBe(taken);
    expect(Number(org.used_quota)).toBe(taken);
    expect(rows.reduce((sum, r) => sum + Number(r.used_quota), 0)).toBe(taken);
    for (const row of rows) expect(Number(row.window_reserved)).toBe(0);
    const reconciled = await db()
      .selectFrom('logs')
      .select('other')
      .where('funding', '=', `org:${orgId}`)
      .where('type', '=', 2)
      .execute();
    expect(reconciled.filter((r) => r.other?.includes('"reconciled":true')).length).toBeGreaterThan(
      0,
    );
    expect(outcomes.filter((s) => s === 200).length).toBeGreaterThan(0);
  }, 110_000);

  it('a member removed through one node is refused on the other at once', async () => {
    const { orgId, members } = await seedOrg(100 * PER_CALL, [0, 0]);
    const [owner, member] = members as [Seeded['members'][0], Seeded['members'][0]];
    const first = nodes[0] as ChildNode;
    const last = nodes[nodes.length - 1] as ChildNode;
    expect((await call(last, member.authorization, { model: 'per-call' })).status).toBe(200);
    const login = await fetch(`${first.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.user.username, password: owner.user.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const removed = await fetch(`${first.url}/api/org/${orgId}/member/${member.user.id}`, {
      method: 'DELETE',
      headers: { cookie, 'new-api-user': String(owner.user.id) },
    });
    expect(((await removed.json()) as { success: boolean }).success).toBe(true);
    const after = await call(last, member.authorization, { model: 'per-call' });
    expect([401, 403]).toContain(after.status);
  }, 30_000);
});
