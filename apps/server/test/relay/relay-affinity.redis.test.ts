// Prompt-cache affinity across two nodes sharing Redis: a conversation's turns, sent to either
// node, stay on one channel of a three-channel group; a channel disabled on one node loses its
// conversations on both at once (run only when Redis is up).
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import {
  affinityCaller,
  disableChannel,
  seedThreeChannels,
  servedKeys,
  setChannelEnabled,
  turn,
} from '../helpers/affinity';
import { seedChannel } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sytest:${randomBytes(4).toString('hex')}:`;

let ctx: TestContext;
let fake: FakeUpstream;
let nodes: { server: TestServer; url: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  fake = await startFakeUpstream();
  const env = { REDIS_URL, REDIS_PREFIX: PREFIX, SYNC_FREQUENCY: '3600' };
  nodes = [];
  for (let i = 0; i < 2; i += 1) {
    const server = await ctx.start(env);
    nodes.push({ server, url: await server.app.listen({ port: 0, host: '127.0.0.1' }) });
  }
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const dbOf = (): Db => {
  const node = nodes[0];
  if (!node) throw new Error('no node started');
  return node.server.db;
};

/** Turns sent to the two nodes in turn; the keys of the channels that were asked. */
async function session(model: string, turns: number, authorization: string, id: string) {
  const from = fake.requests.length;
  for (let i = 0; i < turns; i += 1) {
    const node = nodes[i % 2];
    expect(await turn(node?.url ?? '', authorization, model, id)).toBe(200);
  }
  return servedKeys(fake, model, from);
}

describe('prompt-cache affinity across two nodes with Redis', () => {
  it('keeps each 20-turn conversation on one channel and key, whichever node takes a turn', async () => {
    const { model, keys } = await seedThreeChannels(dbOf(), fake, 'nodes');
    const { token } = await affinityCaller(dbOf());
    // Were the bindings each node's own, a conversation alternating between them would touch two
    // channels 2 times in 3: six conversations all on one channel by chance is 1 in 729.
    for (let conversation = 0; conversation < 6; conversation += 1) {
      const served = await session(model, 20, token.authorization, randomUUID());
      expect(served).toHaveLength(20);
      expect(new Set(served).size).toBe(1);
      expect(keys).toContain(served[0]);
    }
    // The binding is in Redis, where both nodes read it.
    const redis = new Redis(REDIS_URL);
    const bound = await redis.keys(`${PREFIX}aff:*`);
    await redis.quit();
    expect(bound.length).toBeGreaterThanOrEqual(6);
  });

  it('drops a conversation from a channel disabled on one node at once, on both', async () => {
    const db = dbOf();
    const { model, keys, ids } = await seedThreeChannels(db, fake, 'nodes-off');
    const { token } = await affinityCaller(db);
    const id = randomUUID();
    const [bound] = await session(model, 4, token.authorization, id);
    await disableChannel(db, ids[keys.indexOf(bound ?? '')] as number);
    const after = await session(model, 10, token.authorization, id);
    expect(after).not.toContain(bound);
    expect(new Set(after).size).toBe(1);
  });

  it('drops a conversation from its channel when a request on it fails on the other node', async () => {
    const db = dbOf();
    // X (weight 0) beside Y (weight 1): only a binding puts a conversation on X.
    const model = 'gpt-affinity-nodes-fail';
    await seedChannel(db, { key: 'aff-nf-x', baseUrl: fake.url, models: [model] });
    const y = await seedChannel(db, {
      key: 'aff-nf-y',
      baseUrl: fake.url,
      models: [model],
      weight: 1,
    });
    const { token } = await affinityCaller(db);
    const id = randomUUID();
    await setChannelEnabled(db, y, false);
    await session(model, 2, token.authorization, id);
    await setChannelEnabled(db, y, true);
    expect(await session(model, 4, token.authorization, id)).toEqual(Array(4).fill('aff-nf-x'));
    // RetryTimes is 0 by default: the failed turn is the caller's 500, on the second node.
    fake.behave('aff-nf-x', { failPattern: 'F', status: 500 });
    expect(await turn(nodes[1]?.url ?? '', token.authorization, model, id)).toBe(500);
    fake.behave('aff-nf-x', {});
    // The first node follows at once.
    expect(await session(model, 4, token.authorization, id)).toEqual(Array(4).fill('aff-nf-y'));
  });
});
