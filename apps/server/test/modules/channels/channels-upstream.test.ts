// Channel operations that call the provider: fetching the model list and reading balances, against
// a fake OpenAI-style provider on 127.0.0.1.
import type { BalanceUpdateSummary, ChannelBalance } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilityLines, channelRow, signInAdmin } from '../../helpers/channels';
import type { TestClient } from '../../helpers/client';
import { type FakeUpstream, startFakeUpstream } from '../../helpers/fake-upstream';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let admin: TestClient;
let upstream: FakeUpstream;
const NOW = 1_790_000_000;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  ctx = await createTestContext();
  server = await ctx.start({}, { now: () => NOW });
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await ctx.close();
  await upstream.close();
});

async function createChannel(fields: Record<string, unknown>): Promise<number> {
  const reply = await admin.post<{ ids: number[] }>('/api/channel/', {
    name: 'upstream',
    models: 'gpt-4o',
    base_url: `${upstream.baseUrl}/`,
    ...fields,
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data?.ids[0] as number;
}

describe('GET /api/channel/fetch_models/:id', () => {
  it('returns the model ids the upstream lists, asking with the channel key', async () => {
    upstream.accounts.set('sk-models', {
      models: ['gpt-4o', 'gpt-4o-mini', 'gpt-4o'],
      hardLimitUsd: 0,
      totalUsageCents: 0,
    });
    const id = await createChannel({ key: 'sk-models' });
    const reply = await admin.get<string[]>(`/api/channel/fetch_models/${id}`);
    expect(reply.json).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    expect(upstream.requests.at(-1)).toEqual({
      path: '/v1/models',
      authorization: 'Bearer sk-models',
    });
  });

  it('says why when the upstream refuses', async () => {
    const id = await createChannel({ key: 'sk-unknown' });
    const reply = await admin.get(`/api/channel/fetch_models/${id}`);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toMatch(/^Failed to fetch the model list: HTTP 401/);
  });

  it('is refused for types other than 1 with the spec message', async () => {
    const id = await createChannel({ key: 'sk-models', type: 14 });
    const reply = await admin.get(`/api/channel/fetch_models/${id}`, { 'accept-language': 'zh' });
    expect(reply.json).toMatchObject({ success: false, message: '仅支持 OpenAI 接口格式' });
  });
});

describe('balances', () => {
  it('reads hard limit minus usage and stores it with its time', async () => {
    upstream.accounts.set('sk-rich', { models: [], hardLimitUsd: 120, totalUsageCents: 2050 });
    const id = await createChannel({ key: 'sk-rich' });
    const reply = await admin.get<ChannelBalance>(`/api/channel/update_balance/${id}/`);
    expect(reply.json.data).toEqual({
      balance: 99.5,
      balance_updated_time: NOW,
      balance_currency: 'USD',
    });
    expect(await channelRow(server.db, id)).toMatchObject({
      balance: 99.5,
      balance_updated_time: NOW,
    });
    const usage = upstream.requests.find((request) =>
      request.path.startsWith('/v1/dashboard/billing/usage'),
    );
    expect(usage?.path).toMatch(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);
  });

  it('refuses types without a balance API and reports upstream failures', async () => {
    const claude = await createChannel({ key: 'sk-rich', type: 14 });
    const unsupported = await admin.get(`/api/channel/update_balance/${claude}`);
    expect(unsupported.json).toMatchObject({
      success: false,
      message: 'This channel type has no balance query',
    });
    const broken = await createChannel({ key: 'sk-nobody' });
    const failed = await admin.get(`/api/channel/update_balance/${broken}`);
    expect(failed.json.success).toBe(false);
    expect(failed.json.message).toMatch(/^Balance query failed: HTTP 401/);
    expect((await channelRow(server.db, broken)).balance_updated_time).toBe(0);
  });

  it('update all reads every enabled channel and disables the empty ones when allowed', async () => {
    await server.db.deleteFrom('channels').execute();
    await server.db.deleteFrom('abilities').execute();
    upstream.accounts.set('sk-empty', { models: [], hardLimitUsd: 10, totalUsageCents: 1000 });
    const rich = await createChannel({ key: 'sk-rich' });
    const empty = await createChannel({ key: 'sk-empty' });
    const emptyNoBan = await createChannel({ key: 'sk-empty', auto_ban: 0 });
    const broken = await createChannel({ key: 'sk-nobody' });
    const disabled = await createChannel({ key: 'sk-rich', status: 2 });
    await createChannel({ key: 'sk-rich', type: 14 });

    await server.runtime.options.set('AutomaticDisableChannelEnabled', 'true');
    try {
      const reply = await admin.get<BalanceUpdateSummary>('/api/channel/update_balance');
      expect(reply.json.data).toEqual({ updated: 3, failed: 1, disabled: 1 });
    } finally {
      await server.runtime.options.set('AutomaticDisableChannelEnabled', 'false');
    }
    expect((await channelRow(server.db, rich)).balance).toBe(99.5);
    const emptyRow = await channelRow(server.db, empty);
    expect(emptyRow.status).toBe(3);
    expect(JSON.parse(emptyRow.other_info ?? '{}')).toEqual({
      status_reason: 'Insufficient balance',
      status_time: NOW,
    });
    expect(await abilityLines(server.db, empty)).toEqual(['default/gpt-4o 0 0 0']);
    expect((await channelRow(server.db, emptyNoBan)).status).toBe(1);
    expect((await channelRow(server.db, broken)).status).toBe(1);
    expect((await channelRow(server.db, disabled)).balance_updated_time).toBe(0);
  });
});
