// One lock order for quota rows (issue 35): replies that cost more than their reservation are
// settled one by one against locked balances. The settlement batch used to lock users, then the
// tokens of those settlements, the reverse of the take (token, then user): at 100 requests at a
// time PostgreSQL and MariaDB picked deadlock victims, and a take chosen as one answered a
// spurious 503. Two server processes on one database, 100 clients, few users and tokens so their
// rows are contended: every request answered 200, each billed its whole real cost once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildNode, startNode, startUpstreamProcess } from '../helpers/child-nodes';
import { TEST_ENGINE } from '../helpers/database';
import { createUser } from '../helpers/factories';
import { type ClusterDatabase, openClusterDatabase } from '../helpers/node-cluster';
import { createToken, seedChannel } from '../helpers/relay-fixtures';

const QUOTA = 500_000_000;
const USERS = 4;
const TOKENS_PER_USER = 3;
const REQUESTS = 800;
const CONCURRENCY = 100;

let cluster: ClusterDatabase;
let upstream: ChildNode;
const nodes: ChildNode[] = [];
const tokens: { userId: number; tokenId: number; authorization: string }[] = [];

beforeAll(async () => {
  cluster = await openClusterDatabase();
  // max_tokens 5 reserves a few tokens' worth; the reply reports 3,000 completion tokens.
  upstream = await startUpstreamProcess({
    'over-key': { completionTokens: 3000, text: 'a long answer', delayMs: 20 },
  });
  const db = cluster.database.db;
  await seedChannel(db, { key: 'over-key', baseUrl: upstream.url, models: ['gpt-4'] });
  for (let u = 0; u < USERS; u += 1) {
    const user = await createUser(db, { quota: QUOTA });
    for (let t = 0; t < TOKENS_PER_USER; t += 1) {
      const token = await createToken(db, user.id, { unlimited: false, remainQuota: QUOTA });
      tokens.push({ userId: user.id, tokenId: token.id, authorization: token.authorization });
    }
  }
  const count = TEST_ENGINE === 'sqlite' ? 1 : 2;
  for (let i = 0; i < count; i += 1) {
    nodes.push(await startNode({ ...cluster.env, NODE_ID: `lock-order-${i}` }));
  }
}, 120_000);

afterAll(async () => {
  for (const node of nodes) await node.kill('SIGKILL');
  await upstream?.kill();
  await cluster?.close();
});

async function load(): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  let sent = 0;
  const worker = async () => {
    while (sent < REQUESTS) {
      const n = sent;
      sent += 1;
      const node = nodes[n % nodes.length] as ChildNode;
      const token = tokens[n % tokens.length] as (typeof tokens)[number];
      const response = await fetch(`${node.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token.authorization },
        body: JSON.stringify({
          model: 'gpt-4',
          max_tokens: 5,
          stream: n % 2 === 0,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
      const text = await response.text();
      const code = response.status === 200 ? '' : /"code":"(\w+)"/.exec(text)?.[1];
      const key = code ? `${response.status} ${code}` : String(response.status);
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

describe('costs above the reservation under contention', () => {
  it(`settles ${REQUESTS} requests at c=${CONCURRENCY} with no deadlock and no spurious 503`, async () => {
    const started = Date.now();
    const outcomes = await load();
    console.info(
      `${TEST_ENGINE}: ${JSON.stringify(Object.fromEntries(outcomes))} in ${Date.now() - started} ms`,
    );
    expect(Object.fromEntries(outcomes)).toEqual({ '200': REQUESTS });

    const db = cluster.database.db;
    const deadline = Date.now() + 15_000;
    let open = 1;
    while (open > 0 && Date.now() < deadline) {
      const row = await db
        .selectFrom('relay_reservations')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      open = Number(row.n);
      if (open > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(open).toBe(0);

    const logs = await db
      .selectFrom('logs')
      .select(['user_id', 'token_id', 'quota', 'completion_tokens', 'other'])
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(REQUESTS);
    // Each billed its real cost (3,000 completion tokens), none capped at its reservation.
    const costs = new Set(logs.map((log) => Number(log.quota)));
    expect(costs.size).toBe(1);
    for (const log of logs) {
      expect(Number(log.completion_tokens)).toBe(3000);
      expect(log.other ?? '').not.toContain('capped');
    }
    // Σ consume logs = quota taken, per user and per token; one counted request per log.
    for (const token of tokens) {
      const row = await db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', token.tokenId)
        .executeTakeFirstOrThrow();
      const billed = logs
        .filter((log) => Number(log.token_id) === token.tokenId)
        .reduce((sum, log) => sum + Number(log.quota), 0);
      expect(QUOTA - Number(row.remain_quota)).toBe(billed);
    }
    for (const userId of new Set(tokens.map((token) => token.userId))) {
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const mine = logs.filter((log) => Number(log.user_id) === userId);
      const billed = mine.reduce((sum, log) => sum + Number(log.quota), 0);
      expect(QUOTA - Number(user.quota)).toBe(billed);
      expect(Number(user.used_quota)).toBe(billed);
      expect(Number(user.request_count)).toBe(mine.length);
    }
  }, 120_000);
});
