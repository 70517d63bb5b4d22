// Channels made through the channel endpoints, tested through the relay's test routes against a
// fake upstream (healthy, slow, failing): the list shows the results and transitions, and the
// abilities follow every status change.
import type { ChannelPage } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../fakes/fake-upstream';
import { abilityLines, channelRow, signInAdmin } from '../../helpers/channels';
import type { TestClient } from '../../helpers/client';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let admin: TestClient;
let fake: FakeUpstream;

beforeAll(async () => {
  fake = await startFakeUpstream();
  ctx = await createTestContext();
  server = await ctx.start();
  admin = await signInAdmin(server);
  const { options } = server.runtime;
  await options.set('AutomaticDisableChannelEnabled', 'true');
  await options.set('AutomaticEnableChannelEnabled', 'true');
  // Two seconds: the healthy and recovered fakes answer in 10–50 ms, slow in 2.5 s, so a loaded
  // machine's scheduling delays cannot push a healthy channel over the threshold.
  await options.set('ChannelDisableThreshold', '2');
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function create(key: string, fields: Record<string, unknown> = {}): Promise<number> {
  const reply = await admin.post<{ ids: number[] }>('/api/channel/', {
    name: key,
    key,
    models: 'gpt-4o',
    base_url: fake.url,
    ...fields,
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data?.ids[0] as number;
}

interface TestReply {
  success: boolean;
  message: string;
  time: number;
}

const listed = async (id: number) => {
  const page = await admin.get<ChannelPage>('/api/channel/?p=0&page_size=100&id_sort=true');
  return page.json.data?.items.find((item) => item.id === id);
};

describe('testing channels made through the channel endpoints', () => {
  it('a healthy channel: success, time in seconds, response time listed', async () => {
    fake.behave('healthy', { delayMs: 50 });
    const id = await create('healthy');
    const reply = (await admin.get(`/api/channel/test/${id}`)).body<TestReply>();
    expect(reply.success).toBe(true);
    expect(reply.time).toBeGreaterThanOrEqual(0.05);
    const item = await listed(id);
    expect(item?.response_time).toBeGreaterThanOrEqual(50);
    expect(item?.test_time).toBeGreaterThan(0);
    expect(item?.status).toBe(1);
  });

  it('a failing channel with auto-ban is disabled with its reason; abilities go off', async () => {
    fake.behave('revoked', { status: 401, error: { message: 'bad key', code: 'invalid_api_key' } });
    const id = await create('revoked');
    const reply = (await admin.get(`/api/channel/test/${id}`)).body<TestReply>();
    expect(reply.success).toBe(false);
    const item = await listed(id);
    expect(item?.status).toBe(3);
    expect(JSON.parse(item?.other_info ?? '{}')).toMatchObject({
      status_reason: expect.any(String),
    });
    expect(await abilityLines(server.db, id)).toEqual(['default/gpt-4o 0 0 0']);
  });

  it('without auto-ban a failing channel stays enabled', async () => {
    fake.behave('flaky', { status: 401, error: { code: 'invalid_api_key' } });
    const id = await create('flaky', { auto_ban: 0 });
    expect((await admin.get(`/api/channel/test/${id}`)).body<TestReply>().success).toBe(false);
    expect((await channelRow(server.db, id)).status).toBe(1);
  });

  it('test all: slow ones are disabled, recovered ones enabled, manually disabled ones skipped', async () => {
    fake.behave('slow', { delayMs: 2_500 });
    fake.behave('recovered', { delayMs: 10 });
    const slow = await create('slow');
    const recovered = await create('recovered');
    const manual = await create('recovered', { name: 'manual' });
    await admin.put('/api/channel/', { id: recovered, status: 3 });
    await admin.put('/api/channel/', { id: manual, status: 2 });
    expect(await abilityLines(server.db, recovered)).toEqual(['default/gpt-4o 0 0 0']);

    const started = await admin.get('/api/channel/test');
    expect(started.json.success).toBe(true);
    // The run goes on in the background: wait until both have been tested and judged.
    const deadline = Date.now() + 15_000;
    const settled = async () => {
      const [a, b] = [await channelRow(server.db, slow), await channelRow(server.db, recovered)];
      return a.status === 3 && b.status === 1 && b.test_time > 0;
    };
    while (!(await settled()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect((await channelRow(server.db, slow)).status).toBe(3);
    expect(await abilityLines(server.db, slow)).toEqual(['default/gpt-4o 0 0 0']);
    expect((await channelRow(server.db, recovered)).status).toBe(1);
    expect(await abilityLines(server.db, recovered)).toEqual(['default/gpt-4o 1 0 0']);
    const skipped = await channelRow(server.db, manual);
    expect([skipped.status, skipped.test_time]).toEqual([2, 0]);
  });
});
