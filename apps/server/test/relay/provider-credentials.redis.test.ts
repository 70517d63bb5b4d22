// With Redis, provider credentials are shared between nodes: a token one node exchanged is read
// by the others instead of being exchanged again, and a refused one is dropped for all of them;
// a server started with REDIS_URL relays through that store, under its REDIS_PREFIX.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialCache, type SharedCredentials } from '../../src/relay/adapters/credential-cache';
import { revokeBaiduTokens } from '../fakes/providers/baidu';
import { chat, seedProviderChannel, startProviderHarness } from '../helpers/provider-channels';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sytest:${randomBytes(4).toString('hex')}:`;
let redis: Redis;
let shared: SharedCredentials;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
  shared = { redis, prefix };
});
afterAll(async () => {
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
      Array.from({ length: 25 }, () => nodeA.get('ak|sk', exchange.mint, shared)),
    );
    const fromB = await Promise.all(
      Array.from({ length: 25 }, () => nodeB.get('ak|sk', exchange.mint, shared)),
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
    await nodeA.get('id.secret', exchange.mint, shared);
    await nodeA.invalidate('id.secret', shared);
    const nodeC = new CredentialCache('zhipu');
    expect(await nodeC.get('id.secret', exchange.mint, shared)).toBe('token-2');
    expect(exchange.count).toBe(2);
  });
});

describe("the relay's credentials with REDIS_URL", () => {
  it('a Baidu token the relay exchanged is stored under the prefix, and replaced once refused', async () => {
    const appPrefix = `sytest:${randomBytes(4).toString('hex')}:`;
    const h = await startProviderHarness({ REDIS_URL, REDIS_PREFIX: appPrefix });
    const storedValue = async () => {
      const keys = await redis.keys(`${appPrefix}credential:baidu:*`);
      expect(keys).toHaveLength(1);
      return JSON.parse((await redis.get(keys[0] as string)) ?? '{}').value as string;
    };
    try {
      // A key no other file uses: the adapters' tokens outlive a file when files share a worker.
      const c = { name: 'ERNIE shared', type: 15, key: 'baidu-ak-3|baidu-sk-3', badKey: '' };
      const { alias } = await seedProviderChannel(h, { ...c, model: 'ERNIE-Speed-8K' });
      expect((await chat(h, alias)).status).toBe(200);
      const first = await storedValue();
      expect(first).toMatch(/^24\./);
      // Baidu stops accepting it: the relay drops it from Redis and stores the new exchange's.
      revokeBaiduTokens();
      expect((await chat(h, alias)).status).toBe(200);
      expect(h.fake.tokenExchanges.get('baidu-ak-3')).toBe(2);
      const second = await storedValue();
      expect(second).not.toBe(first);
      expect(second).toMatch(/^24\./);
    } finally {
      await h.close();
      const keys = await redis.keys(`${appPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  });
});
