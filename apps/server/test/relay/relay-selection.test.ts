// Channel selection (priority, weights), retries over channels not yet tried, status code
// mapping, automatic disable and the channel test with automatic re-enable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelPlan } from '../../src/relay/pipeline/selection';
import type { CandidateRow } from '../../src/relay/relay.repository';
import { createAdmin, createUser } from '../helpers/factories';
import {
  channelRowOf,
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

const candidate = (id: number, priority: number, weight: number): CandidateRow =>
  channelRowOf({ id, priority, weight });

describe('ChannelPlan', () => {
  it('picks only the highest priority level, by weight, over 1000 picks', () => {
    const counts = new Map<number, number>();
    const candidates = [candidate(1, 10, 1), candidate(2, 10, 3), candidate(3, 5, 100)];
    for (let i = 0; i < 1000; i += 1) {
      const id = new ChannelPlan(candidates).next()?.id ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get(3) ?? 0).toBe(0);
    // Expected 250 / 750; ±60 is more than four standard deviations.
    expect(counts.get(1)).toBeGreaterThan(190);
    expect(counts.get(1)).toBeLessThan(310);
    expect(counts.get(2)).toBeGreaterThan(690);
    expect(counts.get(2)).toBeLessThan(810);
  });

  it('spreads evenly when every weight is 0', () => {
    let first = 0;
    for (let i = 0; i < 1000; i += 1) {
      if (new ChannelPlan([candidate(1, 0, 0), candidate(2, 0, 0)]).next()?.id === 1) first += 1;
    }
    expect(first).toBeGreaterThan(420);
    expect(first).toBeLessThan(580);
  });

  it('never returns a channel twice and falls to the next level when a level is used up', () => {
    const plan = new ChannelPlan([candidate(1, 10, 1), candidate(2, 10, 1), candidate(3, 5, 1)]);
    const order = [plan.next()?.id, plan.next()?.id, plan.next()?.id, plan.next()?.id];
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(order[2]).toBe(3);
    expect(order[3]).toBeUndefined();
    expect(plan.tried).toHaveLength(3);
  });
});

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});

afterAll(() => h.close());

async function caller() {
  const user = await createUser(h.db, { quota: 10_000_000 });
  const token = await createToken(h.db, user.id);
  return { user, token };
}

async function ask(authorization: string, model: string) {
  const response = await fetch(`${h.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error: { message: string; code: string | null } },
  };
}

const channelRow = (id: number) =>
  h.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('retries', () => {
  it('retries on 500 and 429 with channels not tried yet, falling to the next priority', async () => {
    await h.server.runtime.options.set('RetryTimes', '3');
    h.fake.behave('retry-500', { status: 500 });
    h.fake.behave('retry-429', { status: 429 });
    const a = await seedChannel(h.db, {
      key: 'retry-500',
      baseUrl: h.fake.url,
      models: ['r1'],
      priority: 10,
    });
    const b = await seedChannel(h.db, {
      key: 'retry-429',
      baseUrl: h.fake.url,
      models: ['r1'],
      priority: 10,
    });
    const c = await seedChannel(h.db, {
      key: 'retry-ok',
      baseUrl: h.fake.url,
      models: ['r1'],
      priority: 5,
    });
    const { user, token } = await caller();
    const reply = await ask(token.authorization, 'r1');
    expect(reply.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id);
    const tried: number[] = JSON.parse(log?.other ?? '{}').admin_info.use_channel;
    expect(tried.slice(0, 2).sort()).toEqual([a, b].sort());
    expect(tried[2]).toBe(c);
    expect(log?.channel_id).toBe(c);
  });

  it('does not retry a 400 caused by the request, and passes the upstream error on', async () => {
    h.fake.behave('bad-request', {
      status: 400,
      error: { message: 'bad field', code: 'invalid_value' },
    });
    await seedChannel(h.db, {
      key: 'bad-request',
      baseUrl: h.fake.url,
      models: ['r2'],
      priority: 10,
    });
    await seedChannel(h.db, { key: 'r2-ok', baseUrl: h.fake.url, models: ['r2'], priority: 5 });
    const { user, token } = await caller();
    const before = h.fake.requests.length;
    const reply = await ask(token.authorization, 'r2');
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toContain('bad field');
    expect(reply.body.error.code).toBe('invalid_value');
    expect(h.fake.requests.length - before).toBe(1);
    const balance = await h.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance.quota).toBe(10_000_000);
  });

  it('applies status_code_mapping before deciding to retry, and replaces a final 429 message', async () => {
    h.fake.behave('mapped-400', { status: 400 });
    await seedChannel(h.db, {
      key: 'mapped-400',
      baseUrl: h.fake.url,
      models: ['r3'],
      priority: 10,
      statusCodeMapping: { '400': '500' },
    });
    await seedChannel(h.db, { key: 'r3-ok', baseUrl: h.fake.url, models: ['r3'], priority: 5 });
    const { token } = await caller();
    expect((await ask(token.authorization, 'r3')).status).toBe(200);

    h.fake.behave('only-429', { status: 429, error: { message: 'slow down' } });
    await seedChannel(h.db, { key: 'only-429', baseUrl: h.fake.url, models: ['r4'] });
    const saturated = await ask(token.authorization, 'r4');
    expect(saturated.status).toBe(429);
    expect(saturated.body.error.message).not.toContain('slow down');
    expect(saturated.body.error.message).toMatch(/request id: \w+/);
  });

  it('maps the model name per channel and logs the mapped name', async () => {
    await seedChannel(h.db, {
      key: 'mapping',
      baseUrl: h.fake.url,
      models: ['public-name'],
      modelMapping: { 'public-name': 'gpt-4' },
    });
    const { user, token } = await caller();
    expect((await ask(token.authorization, 'public-name')).status).toBe(200);
    expect(h.fake.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4' });
    const [log] = await waitForLogs(h.db, user.id);
    expect(log).toMatchObject({ model_name: 'gpt-4', quota: 300 });
  });
});

describe('automatic disable and enable', () => {
  it('disables a channel whose key is refused (401), recording the reason and time', async () => {
    await h.server.runtime.options.set('AutomaticDisableChannelEnabled', 'true');
    await h.server.runtime.options.set('RetryTimes', '0');
    h.fake.behave('revoked', {
      status: 401,
      error: { message: 'Incorrect API key', code: 'invalid_api_key' },
    });
    const id = await seedChannel(h.db, { key: 'revoked', baseUrl: h.fake.url, models: ['d1'] });
    const keep = await seedChannel(h.db, {
      key: 'revoked',
      baseUrl: h.fake.url,
      models: ['d2'],
      autoBan: 0,
    });
    const { token } = await caller();
    expect((await ask(token.authorization, 'd1')).status).toBe(401);
    const channel = await channelRow(id);
    expect(channel.status).toBe(3);
    const info = JSON.parse(channel.other_info ?? '{}');
    expect(info.status_reason).toContain('Incorrect API key');
    expect(info.status_time).toBeGreaterThan(0);
    const ability = await h.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(ability.enabled).toBe(0);
    // Now nothing serves d1.
    expect((await ask(token.authorization, 'd1')).status).toBe(404);
    // auto_ban 0 keeps the channel.
    expect((await ask(token.authorization, 'd2')).status).toBe(401);
    expect((await channelRow(keep)).status).toBe(1);
  });

  it('disables by the rate of server errors, only while another channel serves the model', async () => {
    h.fake.behave('flaky', { status: 502 });
    const id = await seedChannel(h.db, {
      key: 'flaky',
      baseUrl: h.fake.url,
      models: ['d3'],
      priority: 10,
    });
    const { token } = await caller();
    // Alone it is the model's last channel: kept, however often it fails.
    for (let i = 0; i < 12; i += 1) expect((await ask(token.authorization, 'd3')).status).toBe(502);
    expect((await channelRow(id)).status).toBe(1);
    // Another channel answers the model (it is tried on a retry): the failing one goes.
    await seedChannel(h.db, { key: 'd3-steady', baseUrl: h.fake.url, models: ['d3'] });
    await h.server.runtime.options.set('RetryTimes', '1');
    expect((await ask(token.authorization, 'd3')).status).toBe(200);
    expect((await channelRow(id)).status).toBe(1);
    expect((await ask(token.authorization, 'd3')).status).toBe(200);
    expect((await channelRow(id)).status).toBe(3);
    await h.server.runtime.options.set('RetryTimes', '0');
  });

  it('tests a channel: stores the time, re-enables it when it works again', async () => {
    await h.server.runtime.options.set('AutomaticEnableChannelEnabled', 'true');
    h.fake.behave('recovering', { status: 401 });
    const id = await seedChannel(h.db, {
      key: 'recovering',
      baseUrl: h.fake.url,
      models: ['e1', 'e2'],
      testModel: 'e2',
    });
    const { token } = await caller();
    await ask(token.authorization, 'e1');
    expect((await channelRow(id)).status).toBe(3);

    const admin = await createAdmin(h.db);
    const client = h.server.client();
    await client.login(admin.username, admin.password);
    const failed = await client.get(`/api/channel/test/${id}`);
    expect(failed.body<{ success: boolean; message: string }>()).toMatchObject({ success: false });
    expect((await channelRow(id)).status).toBe(3);

    h.fake.behave('recovering', { delayMs: 30 });
    const ok = await client.get(`/api/channel/test/${id}`);
    const body = ok.body<{ success: boolean; message: string; time: number }>();
    expect(body.success).toBe(true);
    expect(body.time).toBeGreaterThanOrEqual(0.03);
    expect(h.fake.requests.at(-1)?.body).toMatchObject({ model: 'e2', max_tokens: 1 });
    const channel = await channelRow(id);
    expect(channel.status).toBe(1);
    expect(channel.response_time).toBeGreaterThanOrEqual(30);
    expect(channel.test_time).toBeGreaterThan(0);
    expect((await ask(token.authorization, 'e1')).status).toBe(200);

    const common = await createUser(h.db, { password: 'password123' });
    const other = h.server.client();
    await other.login(common.username, 'password123');
    expect((await other.get(`/api/channel/test/${id}`)).status).toBe(403);
  });

  it('tests every channel in the background and disables slow ones', async () => {
    await h.server.runtime.options.set('ChannelDisableThreshold', '0.2');
    h.fake.behave('slow', { delayMs: 300 });
    const slow = await seedChannel(h.db, { key: 'slow', baseUrl: h.fake.url, models: ['s1'] });
    const admin = await createAdmin(h.db);
    const client = h.server.client();
    await client.login(admin.username, admin.password);
    const started = await client.get('/api/channel/test');
    expect(started.json.success).toBe(true);
    const again = await client.get('/api/channel/test');
    expect(again.json.success).toBe(false);
    // The test time is stored first and the status change after it: wait for both.
    const deadline = Date.now() + 10_000;
    const settled = async () => {
      const row = await channelRow(slow);
      return row.test_time !== 0 && row.status !== 1;
    };
    while (!(await settled()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const channel = await channelRow(slow);
    expect(channel.response_time).toBeGreaterThanOrEqual(300);
    expect(channel.status).toBe(3);
    await h.server.runtime.options.set('ChannelDisableThreshold', '5');
  });
});
