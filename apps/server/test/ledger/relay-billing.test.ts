// Billing under concurrency: 200 requests at once against a user whose quota covers 50. Nothing
// goes below zero, and the logs, the user and the token agree on what was consumed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing } from '../../src/ledger/billing';
import { PricingRules } from '../../src/modules/pricing/pricing-rules';
import type { ChatRequest } from '../../src/relay/canonical/types';
import { admitCaller } from '../../src/relay/pipeline/admission';
import { promptText } from '../../src/relay/pipeline/relay-request';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  logsOf,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  tokenBalance,
  userBalance,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
const CONCURRENT = 200;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, { key: 'bill-key', baseUrl: h.fake.url, models: ['per-call', 'gpt-4'] });
  // A slow channel, so a reservation's journal row can be read while its request is in flight.
  await seedChannel(h.db, { key: 'bill-slow', baseUrl: h.fake.url, models: ['gpt-4o-2024-08-06'] });
  h.fake.behave('bill-slow', { delayMs: 600 });
  // 0.002 dollars a call = 1000 quota.
  await h.server.runtime.options.set('ModelPrice', JSON.stringify({ 'per-call': 0.002 }));
});

afterAll(() => h.close());

function fire(authorization: string, body: Record<string, unknown>, count = CONCURRENT) {
  return Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${h.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
      }).then(async (response) => ({ status: response.status, body: await response.text() })),
    ),
  );
}

const logTotal = (userId: number) => consumeTotal(h.db, userId);

describe('reservation size', () => {
  it('reserves PreConsumedQuota tokens when the request names no max_tokens', async () => {
    await h.server.runtime.options.set('PreConsumedQuota', '20000');
    const user = await createUser(h.db, { quota: 100_000 });
    const token = await createToken(h.db, user.id);
    // 20000 tokens × gpt-4's ratio 15 = 300000 to reserve, more than the user has.
    const refused = await fire(token.authorization, { model: 'gpt-4' }, 1);
    expect(refused[0]?.status).toBe(403);
    // With max_tokens the reservation is prompt + max_tokens: (8 + 10) × 15 = 270.
    const served = await fire(token.authorization, { model: 'gpt-4', max_tokens: 10 }, 1);
    expect(served[0]?.status).toBe(200);
    await h.server.runtime.options.set('PreConsumedQuota', '500');
  });
});

describe('reservation from the model output-limit table (issue 14)', () => {
  const body: ChatRequest = {
    model: 'gpt-4o-2024-08-06',
    messages: [{ role: 'user', content: 'hi' }],
  };
  const billing = () => new Billing(h.db, new PricingRules(h.server.runtime.options), () => 0);

  /** Sends the slow request and reads its journal row while the upstream holds it. */
  async function reservedFor(authorization: string, userId: number) {
    const reply = fire(authorization, { model: body.model }, 1);
    let amount: number | undefined;
    for (let i = 0; i < 100 && amount === undefined; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const row = await h.db
        .selectFrom('relay_reservations')
        .select('amount')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      amount = row ? Number(row.amount) : undefined;
    }
    return { amount, status: (await reply)[0]?.status };
  }

  it("reserves the prompt plus the model's output limit at the completion ratio", async () => {
    const user = await createUser(h.db, { quota: 100_000_000 });
    const token = await createToken(h.db, user.id);
    const quote = billing().quote(body.model, 'default');
    // The prompt sized from its text (a third of its bytes), gpt-4o's table limit of 16384
    // output tokens (under RESERVED_OUTPUT_CAP).
    const prompt = Math.ceil(Buffer.byteLength(promptText({ mode: 'chat', body })) / 3);
    const expected = billing().estimate(quote, prompt, 16_384);
    expect(expected).toBeGreaterThan(billing().estimate(quote, 500));
    expect(await reservedFor(token.authorization, user.id)).toEqual({
      amount: expected,
      status: 200,
    });
  });

  it('keeps a reservation from the table within what a small balance can pay', async () => {
    const user = await createUser(h.db, { quota: 20_000 });
    const token = await createToken(h.db, user.id);
    // The table's estimate is above the balance: the whole balance is reserved, not refused.
    const quote = billing().quote(body.model, 'default');
    expect(billing().estimate(quote, 0, 16_384)).toBeGreaterThan(20_000);
    expect(await reservedFor(token.authorization, user.id)).toEqual({
      amount: 20_000,
      status: 200,
    });
  });
});

describe('low-quota reminder', () => {
  it('tells the listener once when a request takes the quota below QuotaRemindThreshold', async () => {
    const { options } = h.server.runtime;
    const reminders: [number, number][] = [];
    const billing = new Billing(
      h.db,
      new PricingRules(options),
      () => Math.floor(Date.now() / 1000),
      () => 1000,
      (userId, left) => reminders.push([userId, left]),
    );
    const user = await createUser(h.db, { quota: 1500 });
    const token = await createToken(h.db, user.id);
    const caller = await admitCaller(h.db, token.authorization, Math.floor(Date.now() / 1000));
    const first = await billing.reserve(caller, 300);
    await billing.settle(first, { cost: 400, channelId: 0, log: null });
    expect(reminders).toEqual([]);
    const again = await admitCaller(h.db, token.authorization, Math.floor(Date.now() / 1000));
    const second = await billing.reserve(again, 200);
    await billing.settle(second, { cost: 200, channelId: 0, log: null });
    expect(reminders).toEqual([[user.id, 900]]);
    expect((await userBalance(h.db, user.id)).quota).toBe(900);
  });
});

describe('200 concurrent requests against a quota that covers 50', () => {
  it('serves exactly 50 per-call requests and refuses the rest with 403', async () => {
    const user = await createUser(h.db, { quota: 50_000 });
    const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: 1_000_000 });
    const results = await fire(token.authorization, { model: 'per-call' });
    const served = results.filter((result) => result.status === 200).length;
    expect(served).toBe(50);
    expect(results.filter((result) => result.status === 403)).toHaveLength(CONCURRENT - 50);
    await waitForLogs(h.db, user.id, 50);
    const logs = await logTotal(user.id);
    const balance = await userBalance(h.db, user.id);
    const tokenRow = await tokenBalance(h.db, token.id);
    expect(balance).toMatchObject({ quota: 0, used_quota: 50_000, request_count: 50 });
    expect(logs).toEqual({ quota: 50_000, count: 50 });
    expect(tokenRow).toMatchObject({ used_quota: 50_000, remain_quota: 1_000_000 - 50_000 });
  });

  it('never overdraws when usage exceeds the reservation, and every counter agrees', async () => {
    // The token's limit is the tighter one here; the reservation (prompt + max_tokens) is below
    // the real cost, so settlements must take the extra only as far as the balances reach.
    const user = await createUser(h.db, { quota: 1_000_000 });
    const initial = 15_000;
    const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: initial });
    const results = await fire(token.authorization, { model: 'gpt-4', max_tokens: 2 });
    const served = results.filter((result) => result.status === 200).length;
    expect(served).toBeGreaterThan(0);
    // Refused: 403 when the reservation does not fit, 401 once the drained token is exhausted.
    expect(results.every((result) => [200, 401, 403].includes(result.status))).toBe(true);
    await waitForLogs(h.db, user.id, served);
    const tokenRow = await tokenBalance(h.db, token.id);
    const balance = await userBalance(h.db, user.id);
    const logs = await logTotal(user.id);
    expect(tokenRow.remain_quota).toBeGreaterThanOrEqual(0);
    expect(logs.count).toBe(served);
    expect(logs.quota).toBe(initial - tokenRow.remain_quota);
    expect(tokenRow.used_quota).toBe(logs.quota);
    expect(balance.used_quota).toBe(logs.quota);
    expect(balance.quota).toBe(1_000_000 - logs.quota);
    expect(balance.request_count).toBe(served);
    // Each served request costs 300 in full unless it was capped at what was left, and a capped
    // one says so in its log.
    expect(logs.quota).toBeLessThanOrEqual(served * 300);
    for (const log of await logsOf(h.db, user.id)) {
      const other = JSON.parse(log.other ?? '{}') as { capped?: unknown };
      if (Number(log.quota) < 300) {
        expect(other.capped).toEqual({ cost: 300, charged: Number(log.quota) });
      } else {
        expect(other.capped).toBeUndefined();
      }
    }
  });
});
