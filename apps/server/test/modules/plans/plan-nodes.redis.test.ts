// Plan windows across two server processes sharing the database and Redis (issue 31): 100
// concurrent requests, half to each node, against a plan whose 5h and day windows hold 30 and 20
// requests. Exactly 20 are paid by the plan (the day window decides), the other 80 by the wallet,
// and the windows, the logs and the wallet agree.

import { SubscriptionStatus } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildNode, startNode, startUpstreamProcess } from '../../helpers/child-nodes';
import { createUser } from '../../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../../helpers/node-cluster';
import { createToken, seedChannel } from '../../helpers/relay-fixtures';

const PER_CALL = 1000;
const WALLET = 1_000_000;

let cluster: ClusterDatabase;
let upstream: ChildNode;
const nodes: ChildNode[] = [];
let userId = 0;
let subscriptionId = 0;
let authorization = '';

beforeAll(async () => {
  cluster = await openClusterDatabase();
  upstream = await startUpstreamProcess({ 'plan-nodes-key': { delayMs: 50 } });
  const db = cluster.database.db;
  await seedChannel(db, { key: 'plan-nodes-key', baseUrl: upstream.url, models: ['per-call'] });
  await db
    .insertInto('options')
    .values({ key: 'ModelPrice', value: JSON.stringify({ 'per-call': 0.002 }) })
    .execute();
  const user = await createUser(db, { quota: WALLET });
  userId = user.id;
  authorization = (await createToken(db, user.id)).authorization;
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan_id: 0,
      plan_name: 'nodes',
      models: 'per-call',
      upgrade_group: '',
      status: SubscriptionStatus.active,
      starts_at: now - 60,
      expires_at: now + 86_400,
      auto_renew: 0,
      source: 'wallet',
      price: 0,
      duration_days: 1,
      created_at: now,
      w5h_quota: 30 * PER_CALL,
      wday_quota: 20 * PER_CALL,
    })
    .execute();
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  subscriptionId = Number(row.id);
  const env = { ...cluster.env, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
  nodes.push(await startNode({ ...env, NODE_ID: 'plan-a' }));
  nodes.push(await startNode({ ...env, NODE_ID: 'plan-b' }));
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.kill('SIGTERM');
  await upstream?.kill();
  await cluster?.close();
});

describe('plan windows on two nodes', () => {
  it('100 concurrent requests across both nodes: exactly 20 paid by the plan', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${(nodes[i % 2] as ChildNode).url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ model: 'per-call', messages: [{ role: 'user', content: 'hi' }] }),
        }).then((response) => response.status),
      ),
    );
    expect(replies.filter((status) => status === 200)).toHaveLength(100);
    const db = cluster.database.db;
    const deadline = Date.now() + 10_000;
    let logs: { funding: string; quota: number }[] = [];
    while (Date.now() < deadline) {
      logs = await db
        .selectFrom('logs')
        .select(['funding', 'quota'])
        .where('user_id', '=', userId)
        .where('type', '=', 2)
        .execute();
      if (logs.length >= 100) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(logs.filter((log) => log.funding === `plan:${subscriptionId}`)).toHaveLength(20);
    expect(logs.filter((log) => log.funding === 'wallet')).toHaveLength(80);
    const sub = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(Number(sub.wday_used)).toBe(20 * PER_CALL);
    expect(Number(sub.w5h_used)).toBe(20 * PER_CALL);
    expect(Number(sub.wday_reserved)).toBe(0);
    const user = await db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.quota)).toBe(WALLET - 80 * PER_CALL);
  }, 60_000);
});
