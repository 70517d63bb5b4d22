// Per-IP rate limits: critical on sign-in endpoints, global on /api, and the sliding window maths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/plugins/rate-limit';
import { MemoryRateLimitStore } from '../../src/plugins/rate-limit-store';
import { createTestContext, type TestContext } from '../helpers/server';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('critical limit', () => {
  it('answers 429 after CRITICAL_RATE_LIMIT sign-in attempts', async () => {
    const server = await ctx.start({ CRITICAL_RATE_LIMIT: '3', CRITICAL_RATE_LIMIT_WINDOW: '600' });
    const client = server.client();
    for (let i = 0; i < 3; i += 1) {
      const reply = await client.login('root', 'wrong-password');
      expect(reply.status).toBe(200);
    }
    const limited = await client.login('root', '123456');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/too many/i),
    });
    expect(limited.headers['retry-after']).toBe('600');
    // Registration shares the critical budget; ordinary endpoints do not.
    expect((await client.post('/api/user/register', {})).status).toBe(429);
    expect((await client.get('/api/status')).status).toBe(200);
  });

  it('counts clients apart by IP', async () => {
    const server = await ctx.start({ CRITICAL_RATE_LIMIT: '1' });
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {},
      remoteAddress: '10.0.0.1',
    });
    const second = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {},
      remoteAddress: '10.0.0.2',
    });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {},
      remoteAddress: '10.0.0.1',
    });
    expect([first.statusCode, second.statusCode, again.statusCode]).toEqual([400, 400, 429]);
  });
});

describe('global limit', () => {
  it('answers 429 after GLOBAL_API_RATE_LIMIT /api requests, and not outside /api', async () => {
    const server = await ctx.start({ GLOBAL_API_RATE_LIMIT: '5' });
    const client = server.client();
    for (let i = 0; i < 5; i += 1) expect((await client.get('/api/status')).status).toBe(200);
    const limited = await client.get('/api/notice');
    expect(limited.status).toBe(429);
    expect(limited.json.success).toBe(false);
    expect((await client.get('/remotes.json')).status).toBe(200);
  });

  it('a limit of 0 turns the limiter off', async () => {
    const server = await ctx.start({ GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' });
    const client = server.client();
    for (let i = 0; i < 30; i += 1) expect((await client.login('root', 'nope')).status).toBe(200);
  });
});

describe('sliding window', () => {
  it('weights the previous window by how much of it still overlaps', async () => {
    const limiter = new SlidingWindowLimiter(
      't',
      { limit: 10, windowSeconds: 10 },
      new MemoryRateLimitStore(),
    );
    const start = 1_000_000_000_000; // a window boundary (multiple of 10 s)
    for (let i = 0; i < 10; i += 1) expect(await limiter.allow('ip', start + 9_000)).toBe(true);
    expect(await limiter.allow('ip', start + 9_500)).toBe(false);
    // 2 s into the next window 80% of the previous one still counts: 11 × 0.8 + 1 ≤ 10.
    expect(await limiter.allow('ip', start + 12_000)).toBe(true);
    expect(await limiter.allow('ip', start + 12_000)).toBe(false);
    // Late in the window the old hits have almost faded.
    expect(await limiter.allow('ip', start + 19_500)).toBe(true);
    // Two windows later nothing remains.
    for (let i = 0; i < 10; i += 1) expect(await limiter.allow('ip', start + 30_000)).toBe(true);
  });
});
