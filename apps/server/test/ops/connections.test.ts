// Client addresses and connection abuse (issue 15, findings 5 and 6): a client choosing its own
// address through X-Forwarded-For to dodge the sign-in limit, half-sent requests holding sockets
// forever, and one address opening connections without end — while a streaming reply longer than
// the request timeout still arrives whole.

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { clientKey } from '../../src/plugins/client-address';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream';
import { createUser } from '../helpers/factories';
import { createToken, seedChannel } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

const contexts: TestContext[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
});

async function start(env: Record<string, string>): Promise<TestServer> {
  const ctx = await createTestContext();
  contexts.push(ctx);
  return ctx.start(env);
}

/** Wrong sign-ins from `remoteAddress`, each with its own X-Forwarded-For; the statuses. */
async function wrongLogins(server: TestServer, remoteAddress: string, forwardedFor: string[]) {
  const statuses: number[] = [];
  for (const xff of forwardedFor) {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: { 'x-forwarded-for': xff, 'content-type': 'application/json' },
      payload: { username: 'root', password: 'wrong-password' },
    });
    statuses.push(reply.statusCode);
  }
  return statuses;
}

const spoofed = (n: number) => Array.from({ length: n }, (_, i) => `203.0.113.${i + 1}`);
const answered = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe('TRUST_PROXY', () => {
  it('parses a hop count, a list of proxies, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('without a proxy, a client rotating X-Forwarded-For is still one client', async () => {
    const server = await start({ CRITICAL_RATE_LIMIT: '3' });
    expect(answered(await wrongLogins(server, '198.51.100.7', spoofed(8)))).toBe(3);
  }, 60_000);

  // nginx's proxy_add_x_forwarded_for appends the real client after whatever the client sent.
  for (const trust of ['1', 'true', '127.0.0.1']) {
    it(`behind nginx (TRUST_PROXY=${trust}), forged left-hand entries do not change the client`, async () => {
      const server = await start({ CRITICAL_RATE_LIMIT: '3', TRUST_PROXY: trust });
      const forged = spoofed(8).map((fake) => `${fake}, 198.51.100.9`);
      expect(answered(await wrongLogins(server, '127.0.0.1', forged))).toBe(3);
      // Another real client behind the same proxy has its own allowance.
      expect(answered(await wrongLogins(server, '127.0.0.1', ['198.51.100.10']))).toBe(1);
    }, 60_000);
  }

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const server = await start({ CRITICAL_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.1' });
    // A direct client (not the listed proxy) is keyed on its own address, whatever it sends.
    expect(answered(await wrongLogins(server, '198.51.100.20', spoofed(8)))).toBe(3);
  }, 60_000);

  it('keys IPv4-mapped addresses as IPv4 and an IPv6 client by its /64', () => {
    expect(clientKey('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::2'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
  });
});

async function listen(server: TestServer): Promise<number> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return (server.app.server.address() as AddressInfo).port;
}

/** Resolves with what the server wrote once it closes the socket, or null after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    const timer = setTimeout(() => resolve(null), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', () => undefined);
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('slow requests and connection floods', () => {
  it('closes a half-sent body and half-sent headers after REQUEST_TIMEOUT', async () => {
    const server = await start({ REQUEST_TIMEOUT: '1' });
    const port = await listen(server);
    const body = await open(port);
    body.write(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    const headers = await open(port);
    headers.write('GET /api/status HTTP/1.1\r\nHost: x\r\n');
    const [bodyEnd, headersEnd] = await Promise.all([
      closedWithin(body, 6000),
      closedWithin(headers, 6000),
    ]);
    expect(bodyEnd).toMatch(/^HTTP\/1\.1 408/);
    expect(headersEnd).not.toBeNull();
  });

  it('does not cut a streaming reply that lasts longer than REQUEST_TIMEOUT', async () => {
    const upstream: FakeUpstream = await startFakeUpstream();
    try {
      const server = await start({ REQUEST_TIMEOUT: '1' });
      const user = await createUser(server.db, { quota: 10_000_000 });
      const token = await createToken(server.db, user.id);
      await seedChannel(server.db, { key: 'slow', baseUrl: upstream.url, models: ['gpt-slow'] });
      upstream.behave('slow', { chunkDelayMs: 500, text: 'one two three four five six' });
      const port = await listen(server);
      const started = Date.now();
      const reply = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: token.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-slow',
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
      const text = await reply.text();
      expect(Date.now() - started).toBeGreaterThan(2000);
      expect(text).toContain('six');
      expect(text).toContain('[DONE]');
    } finally {
      await upstream.close();
    }
  });

  it('caps the connections one address holds open, and takes new ones when they close', async () => {
    const server = await start({ MAX_CONNECTIONS_PER_IP: '5' });
    const port = await listen(server);
    const sockets = await Promise.all(Array.from({ length: 8 }, () => open(port)));
    const ends = await Promise.all(sockets.map((socket) => closedWithin(socket, 1000)));
    expect(ends.filter((end) => end !== null)).toHaveLength(3);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reply = await fetch(`http://127.0.0.1:${port}/api/status`);
    expect(reply.status).toBe(200);
  });
});

afterAll(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
});
