// With Redis, provider credentials are shared between nodes: a token one node exchanged is read
// by the others instead of being exchanged again, and a refused one is dropped for all of them.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CredentialCache,
  shareCredentialsThrough,
} from '../../src/relay/adapters/credential-cache';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sytest:${randomBytes(4).toString('hex')}:`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
  shareCredentialsThrough(redis, prefix);
});
afterAll(async () => {
  shareCredentialsThrough(undefined, '');
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

function minter() {
  let count = 0;
  return {
    get count() {
      return count;
    },
    mint: async () => {
      count += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { value: `token-${count}`, ttlMs: 600_000 };
    },
  };
}

describe('credentials shared through Redis', () => {
  it('a second node reads the token the first one exchanged', async () => {
    const exchange = minter();
    const nodeA = new CredentialCache('baidu');
    const nodeB = new CredentialCache('baidu');
    const fromA = await Promise.all(
      Array.from({ length: 25 }, () => nodeA.get('ak|sk', exchange.mint)),
    );
    const fromB = await Promise.all(
      Array.from({ length: 25 }, () => nodeB.get('ak|sk', exchange.mint)),
    );
    expect(exchange.count).toBe(1);
    expect(new Set([...fromA, ...fromB])).toEqual(new Set(['token-1']));
    const stored = await redis.keys(`${prefix}credential:baidu:*`);
    expect(stored).toHaveLength(1);
    // The channel key never appears in Redis, only its hash.
    expect(stored[0]).not.toContain('ak|sk');
    expect(await redis.pttl(stored[0] as string)).toBeGreaterThan(500_000);
  });

  it('a refused token is dropped for every node', async () => {
    const exchange = minter();
    const nodeA = new CredentialCache('zhipu');
    await nodeA.get('id.secret', exchange.mint);
    await nodeA.invalidate('id.secret');
    const nodeC = new CredentialCache('zhipu');
    expect(await nodeC.get('id.secret', exchange.mint)).toBe('token-2');
    expect(exchange.count).toBe(2);
  });
});
