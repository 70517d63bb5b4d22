// kill -9 during plan-funded requests (issue 31): a real server process under relay load (streams
// and not) paid by a subscription's windows is SIGKILLed twice at random moments and restarted
// under the same node id. Every reservation returns to its source: once the journal is empty the
// windows hold nothing, each window's use equals the sum of the plan's consume logs, and the
// wallet was never touched.

import { SubscriptionStatus } from '@switchyard/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildNode, startNode, startUpstreamProcess } from '../../helpers/child-nodes';
import { createUser } from '../../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../../helpers/node-cluster';
import { createToken, seedChannel } from '../../helpers/relay-fixtures';

const LEASE_MS = 1500;
const WALLET = 7_000_000;
const WINDOW = 5_000_000_000;
const REQUESTS = 120;
const CONCURRENCY = 12;
const WORDS = Array.from({ length: 24 }, (_, i) => `word${i} `).join('');

let cluster: ClusterDatabase;
let upstream: ChildNode;
let node: ChildNode | undefined;
let userId = 0;
let subscriptionId = 0;
let authorization = '';

beforeAll(async () => {
  cluster = await openClusterDatabase();
  upstream = await startUpstreamProcess({
    'plan-fault-key': { delayMs: 150, chunkDelayMs: 15, text: WORDS },
  });
  const db = cluster.database.db;
  await seedChannel(db, { key: 'plan-fault-key', baseUrl: upstream.url, models: ['gpt-4'] });
  const user = await createUser(db, { quota: WALLET });
  userId = user.id;
  const token = await createToken(db, user.id);
  await db.updateTable('tokens').set({ plan_only: 1 }).where('id', '=', token.id).execute();
  authorization = token.authorization;
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan_id: 0,
      plan_name: 'faults',
      models: '',
      upgrade_group: '',
      status: SubscriptionStatus.active,
      starts_at: now - 60,
      expires_at: now + 86_400,
      auto_renew: 0,
      source: 'wallet',
      price: 0,
      duration_days: 1,
      created_at: now,
      w5h_quota: WINDOW,
      wday_quota: WINDOW,
    })
    .execute();
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  subscriptionId = Number(row.id);
}, 120_000);

afterAll(async () => {
  await node?.kill('SIGKILL');
  await upstream?.kill();
  await cluster?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const env = () => ({ ...cluster.env, NODE_ID: 'plan-node', RELAY_LEASE_MS: String(LEASE_MS) });

async function load(count: number): Promise<(number | 'network')[]> {
  const outcomes: (number | 'network')[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      if (!node?.alive()) {
        await sleep(50);
        continue;
      }
      sent += 1;
      try {
        const response = await fetch(`${node.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({
            model: 'gpt-4',
            max_tokens: 200,
            stream: Math.random() < 0.5,
            messages: [{ role: 'user', content: 'tell me something' }],
          }),
          signal: AbortSignal.timeout(20_000),
        });
        await response.text();
        outcomes.push(response.status);
      } catch {
        outcomes.push('network');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

const journal = () =>
  cluster.database.db
    .selectFrom('relay_reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

async function waitForInFlight(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (await journal()) === 0) await sleep(20);
}

describe('kill -9 during plan-funded requests', () => {
  it('returns every reservation to the plan', async () => {
    node = await startNode(env());
    const port = node.port;
    const running = load(REQUESTS);
    for (let kill = 0; kill < 2; kill += 1) {
      await sleep(300 + Math.random() * 900);
      await waitForInFlight();
      await node.kill('SIGKILL');
      node = await startNode(env(), port);
    }
    const outcomes = await running;
    const deadline = Date.now() + LEASE_MS * 6 + 5000;
    while ((await journal()) > 0 && Date.now() < deadline) await sleep(200);
    expect(await journal()).toBe(0);
    await sleep(300);
    const db = cluster.database.db;
    const logs = await db
      .selectFrom('logs')
      .select([sql<number>`coalesce(sum(quota), 0)`.as('quota'), sql<number>`count(*)`.as('n')])
      .where('user_id', '=', userId)
      .where('type', '=', 2)
      .where('funding', '=', `plan:${subscriptionId}`)
      .executeTakeFirstOrThrow();
    const reconciled = await db
      .selectFrom('logs')
      .select('other')
      .where('user_id', '=', userId)
      .where('type', '=', 2)
      .execute();
    const sub = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    console.info(
      `plan faults: ${outcomes.filter((o) => o === 200).length} served, ${Number(logs.n)} logs, ` +
        `${reconciled.filter((r) => r.other?.includes('"reconciled":true')).length} reconciled`,
    );
    expect(Number(logs.n)).toBeGreaterThan(0);
    expect(reconciled).toHaveLength(Number(logs.n));
    expect(Number(sub.w5h_used)).toBe(Number(logs.quota));
    expect(Number(sub.wday_used)).toBe(Number(logs.quota));
    expect(Number(sub.w5h_reserved)).toBe(0);
    expect(Number(sub.wday_reserved)).toBe(0);
    const user = await db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.quota)).toBe(WALLET);
    expect(reconciled.some((r) => r.other?.includes('"reconciled":true'))).toBe(true);
    expect(outcomes.filter((o) => o !== 200 && o !== 'network')).toEqual([]);
  }, 180_000);
});
