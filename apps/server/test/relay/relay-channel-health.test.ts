// Retries that respect channel health (issue 35), through the real server and a loopback
// upstream: two channels that each fail half their requests keep a model served (a failed
// attempt moves to the other, neither is disabled by a run of failures); the last channel of a
// model is never disabled automatically; a channel that fails nearly every request while another
// serves the model is disabled by its failure rate, and with AutomaticEnableChannelEnabled the
// re-test job enables it again once it answers. Books after each: Σ consume logs = quota taken,
// no open reservation, one log per request served.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retestDueAt } from '../../src/modules/channels/channel-retest';
import { claimChannelRetest } from '../../src/relay/relay.repository';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  setOption,
  startRelayHarness,
  userBalance,
} from '../helpers/relay-fixtures';

const QUOTA = 50_000_000;
let h: RelayHarness;

beforeAll(async () => {
  // Auto-disabled channels are tested again after a second (then backing off).
  h = await startRelayHarness({ CHANNEL_RETEST_SECONDS: '1' });
  await setOption(h.db, 'RetryTimes', '2');
  await setOption(h.db, 'AutomaticDisableChannelEnabled', 'true');
  await setOption(h.db, 'AutomaticEnableChannelEnabled', 'true');
  await h.server.runtime.options.load();
});

afterAll(() => h.close());

async function caller() {
  const user = await createUser(h.db, { quota: QUOTA });
  const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: QUOTA });
  return { user, token };
}

const statusOf = async (id: number) =>
  Number(
    (
      await h.db
        .selectFrom('channels')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status,
  );

/** Sends `count` chats, `concurrency` at a time; the statuses in order of completion. */
async function send(authorization: string, model: string, count: number, concurrency = 1) {
  const statuses: number[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      const response = await postChat(h, authorization, { model, max_tokens: 20 });
      await response.text();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

async function expectBooks(userId: number, served: number) {
  // Settlements are written just after the replies: wait for them.
  const deadline = Date.now() + 5000;
  let logs = await consumeTotal(h.db, userId);
  while (logs.count < served && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    logs = await consumeTotal(h.db, userId);
  }
  expect(logs.count).toBe(served);
  const user = await userBalance(h.db, userId);
  expect(QUOTA - Number(user.quota)).toBe(logs.quota);
  expect(Number(user.request_count)).toBe(served);
  const open = await h.db
    .selectFrom('relay_reservations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(open.n)).toBe(0);
}

describe('channel health', () => {
  it('keeps a model served by two channels that each fail half their requests', async () => {
    // Half the requests fail, in runs of up to six: a run of five used to disable a channel.
    const pattern = 'FSFFSSFFFFFFSFSSSFSSFFSSSSSFSFFSFSFSSSFFFFFSSFSFSSFFSFSSSFSF';
    const a = await seedChannel(h.db, { key: 'flaky-a', baseUrl: h.fake.url, models: ['flaky'] });
    const b = await seedChannel(h.db, { key: 'flaky-b', baseUrl: h.fake.url, models: ['flaky'] });
    h.fake.behave('flaky-a', { failPattern: pattern });
    h.fake.behave('flaky-b', { failPattern: `${pattern.slice(30)}${pattern.slice(0, 30)}` });
    const { user, token } = await caller();
    const statuses = await send(token.authorization, 'flaky', 60, 3);
    const ok = statuses.filter((status) => status === 200).length;
    console.info(`flaky channels: ${ok} of 60 served`);
    expect(statuses).not.toContain(404);
    // Two independent 50% channels with a retry serve about 3 in 4 (the issue saw 18–59%).
    expect(ok).toBeGreaterThanOrEqual(39);
    // 50% failures is not a dead channel: both stay enabled.
    expect(await statusOf(a)).toBe(1);
    expect(await statusOf(b)).toBe(1);
    await expectBooks(user.id, ok);
  }, 60_000);

  it('never disables the last channel of a model on its own', async () => {
    const only = await seedChannel(h.db, {
      key: 'only-dead',
      baseUrl: h.fake.url,
      models: ['lone'],
    });
    h.fake.behave('only-dead', { status: 500 });
    const { user, token } = await caller();
    const statuses = await send(token.authorization, 'lone', 15);
    expect(statuses.every((status) => status >= 500)).toBe(true);
    expect(await statusOf(only)).toBe(1);
    await expectBooks(user.id, 0);
  }, 60_000);

  it('disables a channel failing nearly every request while another serves, then re-enables it when it answers', async () => {
    const dead = await seedChannel(h.db, {
      key: 'mostly-dead',
      baseUrl: h.fake.url,
      models: ['rated'],
      priority: 10,
      testModel: 'rated',
    });
    await seedChannel(h.db, { key: 'steady', baseUrl: h.fake.url, models: ['rated'] });
    h.fake.behave('mostly-dead', { status: 500 });
    const { user, token } = await caller();
    const statuses = await send(token.authorization, 'rated', 12);
    // Every request served by the retry on the steady channel.
    expect(statuses).toEqual(Array(12).fill(200));
    expect(await statusOf(dead)).toBe(3);
    const info = await h.db
      .selectFrom('channels')
      .select('other_info')
      .where('id', '=', dead)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(info.other_info ?? '{}').status_reason).toMatch(/^100% of 1\d requests/);
    await expectBooks(user.id, 12);

    // It answers again: the re-test job (its test model) enables it within a few seconds.
    h.fake.behave('mostly-dead', {});
    const deadline = Date.now() + 10_000;
    while ((await statusOf(dead)) !== 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await statusOf(dead)).toBe(1);
    const tests = h.fake.requests.filter(
      (request) =>
        request.key === 'mostly-dead' && (request.body as { max_tokens?: number }).max_tokens === 1,
    );
    expect(tests.length).toBeGreaterThanOrEqual(1);
    expect((tests.at(-1)?.body as { model?: string } | undefined)?.model).toBe('rated');
    // Its abilities are on again: it serves the model first (priority 10).
    const after = await postChat(h, token.authorization, { model: 'rated', max_tokens: 20 });
    expect(after.status).toBe(200);
    await after.text();
  }, 60_000);

  it('lets one node of several claim each re-test, on a back-off that grows with the outage', async () => {
    const id = await seedChannel(h.db, { key: 'claimed', baseUrl: h.fake.url, models: ['c1'] });
    await h.db
      .updateTable('channels')
      .set({ status: 3, test_time: 1000, other_info: JSON.stringify({ status_time: 900 }) })
      .where('id', '=', id)
      .execute();
    // Five nodes read the same test_time and race for the test: one wins.
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimChannelRetest(h.db, id, 1000, 2000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Disabled at 900: first test a base wait later, then as long again as it has been down.
    expect(retestDueAt({ other_info: '{"status_time":900}', test_time: 0 }, 60)).toBe(960);
    expect(retestDueAt({ other_info: '{"status_time":900}', test_time: 960 }, 60)).toBe(1020);
    expect(retestDueAt({ other_info: '{"status_time":900}', test_time: 1020 }, 60)).toBe(1140);
    expect(retestDueAt({ other_info: '{"status_time":0}', test_time: 100_000 }, 60)).toBe(101_800);
  });
});
