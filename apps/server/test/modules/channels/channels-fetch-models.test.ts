// POST /api/channel/fetch_models: the editor's "fetch model list" asked on the server for a channel
// not saved yet (type, base URL, key) or an existing one (its id, with any field the form changed),
// against fake OpenAI-style providers on 127.0.0.1. Nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackServer, startLoopbackServer } from '../../fakes/loopback-server';
import { signInAdmin } from '../../helpers/channels';
import type { TestClient } from '../../helpers/client';
import { countRows, createUser } from '../../helpers/factories';
import { type FakeUpstream, startFakeUpstream } from '../../helpers/fake-upstream';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let admin: TestClient;
let upstream: FakeUpstream;
/** A provider that refuses with a 500 quoting the key it was sent, as some do. */
let quoting: LoopbackServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  quoting = await startLoopbackServer((req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `key ${req.headers.authorization} is broken` } }));
  });
  upstream.accounts.set('sk-new', {
    models: ['gpt-4o', 'o3-mini'],
    hardLimitUsd: 0,
    totalUsageCents: 0,
  });
  upstream.accounts.set('sk-stored', { models: ['gpt-4o'], hardLimitUsd: 0, totalUsageCents: 0 });
  ctx = await createTestContext();
  server = await ctx.start();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await ctx.close();
  await upstream.close();
  await quoting.close();
});

const fetchModels = (body: unknown, headers?: Record<string, string>) =>
  admin.post<string[]>('/api/channel/fetch_models', body, headers);

describe('POST /api/channel/fetch_models for a channel not saved yet', () => {
  it('asks {base}/v1/models once with the key (no doubled slash) and stores nothing', async () => {
    const before = await countRows(server.db, 'channels');
    const reply = await fetchModels({ type: 1, base_url: `${upstream.baseUrl}//`, key: 'sk-new' });
    expect(reply.json).toMatchObject({ success: true, data: ['gpt-4o', 'o3-mini'] });
    expect(upstream.requests.at(-1)).toEqual({
      path: '/v1/models',
      authorization: 'Bearer sk-new',
    });
    expect(await countRows(server.db, 'channels')).toBe(before);
  });

  it('names the upstream status and its message in one error', async () => {
    const reply = await fetchModels({ type: 1, base_url: upstream.baseUrl, key: 'sk-nobody' });
    expect(reply.json).toMatchObject({
      success: false,
      message: 'Failed to fetch the model list: HTTP 401: Incorrect API key provided',
    });
  });

  it('masks the key when the upstream quotes it', async () => {
    const reply = await fetchModels({ type: 1, base_url: quoting.url, key: 'sk-secret-123' });
    expect(reply.json.message).toBe(
      'Failed to fetch the model list: HTTP 500: key Bearer *** is broken',
    );
    expect(reply.text).not.toContain('sk-secret-123');
  });

  it('says which connection failed when nothing answers', async () => {
    const closed = await startLoopbackServer(() => undefined);
    await closed.close();
    const reply = await fetchModels({ type: 1, base_url: closed.url, key: 'sk-new' });
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toMatch(/^Failed to fetch the model list: .*ECONNREFUSED/);
  });

  it('refuses a request without a key or type with 400 naming the fields', async () => {
    const reply = await fetchModels({ base_url: upstream.baseUrl });
    expect(reply.status).toBe(400);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toContain('type is required');
    expect(reply.json.message).toContain('key is required');
  });

  it('refuses types that do not list models the OpenAI way with the spec message', async () => {
    const reply = await fetchModels(
      { type: 14, base_url: upstream.baseUrl, key: 'sk-new' },
      { 'accept-language': 'zh' },
    );
    expect(reply.json).toMatchObject({ success: false, message: '仅支持 OpenAI 接口格式' });
  });
});

describe('POST /api/channel/fetch_models for an existing channel', () => {
  let id: number;
  beforeAll(async () => {
    const created = await admin.post<{ ids: number[] }>('/api/channel/', {
      name: 'stored',
      key: 'sk-stored',
      models: 'gpt-4o',
      base_url: upstream.baseUrl,
    });
    id = created.json.data?.ids[0] as number;
  });

  it('uses the stored key and base URL when the form leaves them empty', async () => {
    const reply = await fetchModels({ id });
    expect(reply.json).toMatchObject({ success: true, data: ['gpt-4o'] });
    expect(upstream.requests.at(-1)?.authorization).toBe('Bearer sk-stored');
  });

  it('uses a key typed into the form instead of the stored one', async () => {
    const reply = await fetchModels({ id, key: 'sk-new' });
    expect(reply.json).toMatchObject({ success: true, data: ['gpt-4o', 'o3-mini'] });
    expect(upstream.requests.at(-1)?.authorization).toBe('Bearer sk-new');
  });

  it('answers an unknown id with the not-found message', async () => {
    const reply = await fetchModels({ id: 999_999 });
    expect(reply.json.success).toBe(false);
  });

  it('refuses ordinary users', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const reply = await client.post('/api/channel/fetch_models', { id });
    expect(reply.status).toBe(403);
  });
});
