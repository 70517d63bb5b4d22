// A Redis outage degrades fast: /api answers in milliseconds (rate limits counted locally), the
// outage shows in the /readyz detail and /metrics while /readyz stays 200 (the node serves), and
// everything returns when Redis does. Redis sits behind
// a TCP proxy on 127.0.0.1 that the test cuts and restores (the shared Redis itself stays up).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample, scrape } from '../helpers/metrics';
import { createTestContext, type TestContext } from '../helpers/server';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A TCP proxy to Redis that can be cut (listener closed, connections dropped) and restored. */
async function redisProxy() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ctx: TestContext;
let proxy: Awaited<ReturnType<typeof redisProxy>>;

beforeAll(async () => {
  ctx = await createTestContext();
  proxy = await redisProxy();
});
afterAll(async () => {
  await ctx.close();
  await proxy.close().catch(() => undefined);
});

const waitFor = async (condition: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('Redis outage', () => {
  it('costs /api milliseconds, shows in the /readyz detail and /metrics, and recovers', async () => {
    const server = await ctx.start({
      REDIS_URL: proxy.url,
      REDIS_PREFIX: `sytest:${randomBytes(4).toString('hex')}:`,
      GLOBAL_API_RATE_LIMIT: '30',
      SYNC_FREQUENCY: '3600',
    });
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const readyz = async () => {
      const response = await fetch(`${url}/readyz`);
      const body = (await response.json()) as { checks: Record<string, string> };
      return { status: response.status, redis: body.checks.redis };
    };
    expect(await readyz()).toEqual({ status: 200, redis: 'ok' });

    await proxy.cut();
    await waitFor(async () => (await readyz()).redis !== 'ok');
    // Still in the balancer: the node serves without Redis.
    const during = await readyz();
    expect(during.status).toBe(200);
    expect(during.redis).toMatch(/^not connected/);

    const timings: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      const response = await fetch(`${url}/api/status`);
      timings.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
    timings.sort((a, b) => a - b);
    // Before: 470–1500 ms each. Now a local count: milliseconds (bounds loose for a busy machine).
    expect(timings[10]).toBeLessThan(100);
    expect(timings[18]).toBeLessThan(300);

    // The limit still holds, counted by this node alone: 30 per window, 21 used above.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await fetch(`${url}/api/status`)).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);

    const metrics = await scrape(server);
    expect(sample(metrics, 'switchyard_redis_up')).toBe(0);
    expect(
      sample(metrics, 'switchyard_redis_fallbacks_total', { operation: 'rate_limit' }),
    ).toBeGreaterThanOrEqual(32);

    await proxy.restore();
    await waitFor(async () => (await readyz()).redis === 'ok', 15_000);
    expect(sample(await scrape(server), 'switchyard_redis_up')).toBe(1);
  });
});
