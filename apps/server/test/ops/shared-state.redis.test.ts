// With Redis, several nodes share rate limits and option invalidation (run only when Redis is up).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let ctx: TestContext;
const prefixes: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  // Leave nothing behind in the shared Redis.
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

/** Two nodes on one database and one Redis, with a key prefix of their own. */
async function twoNodes(env: Record<string, string>): Promise<[TestServer, TestServer]> {
  const prefix = `sytest:${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  const shared = {
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SYNC_FREQUENCY: '3600',
    ...env,
  };
  return [await ctx.start(shared), await ctx.start(shared)];
}

describe('Redis rate-limit store', () => {
  it('shares the critical count between two app instances', async () => {
    const [a, b] = await twoNodes({ CRITICAL_RATE_LIMIT: '3' });
    expect((await a.client().login('root', 'x')).status).toBe(200);
    expect((await a.client().login('root', 'x')).status).toBe(200);
    expect((await b.client().login('root', 'x')).status).toBe(200);
    expect((await b.client().login('root', 'x')).status).toBe(429);
    expect((await a.client().login('root', 'x')).status).toBe(429);
  });

  it('shares the global count between two app instances', async () => {
    const [a, b] = await twoNodes({ GLOBAL_API_RATE_LIMIT: '4' });
    for (const node of [a, b, a, b])
      expect((await node.client().get('/api/status')).status).toBe(200);
    expect((await a.client().get('/api/status')).status).toBe(429);
    expect((await b.client().get('/api/status')).status).toBe(429);
  });
});

describe('option invalidation', () => {
  it('a change on one node reaches the other without waiting for SYNC_FREQUENCY', async () => {
    const [a, b] = await twoNodes({});
    const root = a.client();
    await root.login('root', '123456');
    const name = `Yard ${randomBytes(3).toString('hex')}`;
    expect((await root.put('/api/option/', { key: 'SystemName', value: name })).json.success).toBe(
      true,
    );
    const deadline = Date.now() + 5000;
    while (b.runtime.options.getString('SystemName') !== name && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(b.runtime.options.getString('SystemName')).toBe(name);
    const status = await b.client().get<{ system_name: string }>('/api/status');
    expect(status.json.data?.system_name).toBe(name);
  });
});
