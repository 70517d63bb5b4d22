// Issue 27, point 4: an admin (role 10) could read a channel's key by pointing the channel at a
// host of its own without re-entering the key (a model list, balance or test call then sent the
// stored key there), and upstream errors echoed raw bodies into the console. Now pointing a channel
// elsewhere needs the key below the super admin, base URLs refuse query strings, fragments and
// credentials, and the console shows an upstream failure's status and JSON message only.
import { Role } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, readBody, startLoopbackServer } from '../../fakes/loopback-server';
import { signIn } from '../../helpers/audience';
import { channelRow } from '../../helpers/channels';
import type { TestClient } from '../../helpers/client';
import { createAdmin, createUser } from '../../helpers/factories';
import { type FakeUpstream, startFakeUpstream } from '../../helpers/fake-upstream';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

const SECRET = 'sk-root-only-secret-0123456789';

let ctx: TestContext;
let server: TestServer;
let root: TestClient;
let admin: TestClient;
let upstream: FakeUpstream;
/** The admin's own host: records everything it is sent, answers what `reply` says. */
let capture: LoopbackServer;
const seen: string[] = [];
let reply: { status: number; body: string } = { status: 200, body: '{"data":[]}' };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  capture = await startLoopbackServer(async (request, response) => {
    const body = (await readBody(request)).toString('utf8');
    seen.push(`${request.method} ${request.url}\n${JSON.stringify(request.headers)}\n${body}`);
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(reply.body);
  });
  ctx = await createTestContext();
  server = await ctx.start();
  root = await signIn(server, await createUser(server.db, { role: Role.root }));
  admin = await signIn(server, await createAdmin(server.db));
});
afterAll(async () => {
  await ctx.close();
  await upstream.close();
  await capture.close();
});

async function rootChannel(key = SECRET): Promise<number> {
  const created = await root.post<{ ids: number[] }>('/api/channel/', {
    name: 'root-channel',
    type: 1,
    key,
    models: 'gpt-4o',
    base_url: upstream.baseUrl,
  });
  expect(created.json.success, created.json.message).toBe(true);
  return created.json.data?.ids[0] as number;
}

/** Every console call that reaches a channel's upstream. */
async function callUpstream(client: TestClient, id: number): Promise<void> {
  await client.get(`/api/channel/fetch_models/${id}`);
  await client.get(`/api/channel/update_balance/${id}`);
  await client.get(`/api/channel/test/${id}?model=gpt-4o`);
}

describe("an admin and a channel's key", () => {
  it('cannot point a channel at its own host without re-entering the key', async () => {
    const id = await rootChannel();
    for (const change of [
      { base_url: capture.url },
      { type: 8 },
      { base_url: capture.url, key: '' },
    ]) {
      const refused = await admin.put('/api/channel/', { id, ...change });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        success: false,
        message: 'Re-enter the channel key to change its type or base URL',
      });
    }
    const row = await channelRow(server.db, id);
    expect(row).toMatchObject({ base_url: upstream.baseUrl, type: 1, key: SECRET });
    await callUpstream(admin, id);
    // Other edits still go through without the key.
    const renamed = await admin.put('/api/channel/', {
      id,
      name: 'renamed',
      base_url: upstream.baseUrl,
    });
    expect(renamed.json.success).toBe(true);
    expect(seen).toEqual([]);
  });

  it('may re-point it with a key of its own, which is all the host then sees', async () => {
    const id = await rootChannel();
    const moved = await admin.put('/api/channel/', {
      id,
      base_url: capture.url,
      key: 'sk-admin-own-key',
    });
    expect(moved.json.success).toBe(true);
    await callUpstream(admin, id);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).toContain('sk-admin-own-key');
    expect(seen.join('\n')).not.toContain(SECRET);
    seen.length = 0;
  });

  it('lets the super admin re-point a channel and keep its key', async () => {
    const id = await rootChannel('sk-root-kept-key-abcdef');
    const moved = await root.put('/api/channel/', { id, base_url: `${upstream.baseUrl}/` });
    expect(moved.json.success).toBe(true);
    expect((await channelRow(server.db, id)).key).toBe('sk-root-kept-key-abcdef');
  });

  it('refuses base URLs with a query string, a fragment or credentials, writing nothing', async () => {
    const id = await rootChannel();
    for (const base_url of [
      `${capture.url}/metrics#`,
      `${capture.url}/v1?x=1`,
      'http://user:pass@127.0.0.1:9',
      'ftp://127.0.0.1',
      'not a url',
    ]) {
      const updated = await root.put('/api/channel/', { id, base_url });
      expect(updated.status).toBe(400);
      expect(updated.json.message).toMatch(/base URL must be an http\(s\) address/);
      const created = await root.post('/api/channel/', {
        name: 'x',
        key: 'k',
        models: 'm',
        base_url,
      });
      expect(created.status).toBe(400);
    }
    expect((await channelRow(server.db, id)).base_url).toBe(upstream.baseUrl);
    expect(seen).toEqual([]);
  });

  it("shows the upstream's status and JSON error message, never a raw body", async () => {
    const id = await rootChannel();
    const moved = await root.put('/api/channel/', { id, base_url: capture.url });
    expect(moved.json.success).toBe(true);
    const calls = [
      `/api/channel/fetch_models/${id}`,
      `/api/channel/update_balance/${id}`,
      `/api/channel/test/${id}?model=gpt-4o`,
    ];
    reply = { status: 500, body: '# HELP internal_metric secret-internal-page' };
    for (const path of calls) {
      const answer = await admin.get(path);
      expect(answer.json.success).toBe(false);
      expect(answer.json.message).not.toContain('secret-internal-page');
    }
    expect((await admin.get(calls[0] as string)).json.message).toMatch(/HTTP 500$/);
    reply = { status: 200, body: 'secret-internal-page, not JSON' };
    for (const path of calls) {
      expect((await admin.get(path)).json.message).not.toContain('secret-internal-page');
    }
    reply = {
      status: 429,
      body: JSON.stringify({ error: { message: `quota exceeded for ${SECRET}` }, page: 'x' }),
    };
    for (const path of calls) {
      const message = (await admin.get(path)).json.message ?? '';
      expect(message).toMatch(/HTTP 429: quota exceeded for \*\*\*/);
      expect(message).not.toContain(SECRET);
    }
    seen.length = 0;
    reply = { status: 200, body: '{"data":[]}' };
  });
});
