// Write-behind settlements: answered requests are settled in batches, and a clean shutdown
// (app.close) writes every waiting settlement, after which all counters agree with the logs.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing } from '../../src/ledger/billing';
import { PricingRules } from '../../src/modules/pricing/pricing-rules';
import { registerRelay } from '../../src/relay';
import { admitCaller } from '../../src/relay/pipeline/admission';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  tokenBalance,
  userBalance,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
let channelId: number;

beforeAll(async () => {
  h = await startRelayHarness();
  channelId = await seedChannel(h.db, { key: 'queue-key', baseUrl: h.fake.url, models: ['gpt-4'] });
});

afterAll(() => h.close());

/** A second relay on the same database whose settlements wait a minute unless flushed. */
async function startSlowSettlingRelay(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  const { options, clock } = h.server.runtime;
  registerRelay(app, { db: h.db, options, clock, settleDelayMs: 60_000 });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

const consumeLogs = (userId: number) => consumeTotal(h.db, userId);

async function channelUsed(): Promise<number> {
  const row = await h.db
    .selectFrom('channels')
    .select('used_quota')
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  return Number(row.used_quota);
}

describe('write-behind settlement', () => {
  it('writes every waiting settlement on app.close, and the counters agree', async () => {
    const relay = await startSlowSettlingRelay();
    const user = await createUser(h.db, { quota: 1_000_000 });
    const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: 500_000 });
    const usedBefore = await channelUsed();
    const count = 20;
    const statuses = await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${relay.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token.authorization },
          body: JSON.stringify({
            model: 'gpt-4',
            max_tokens: 100,
            messages: [{ role: 'user', content: 'hi' }],
          }),
        }).then(async (response) => {
          await response.text();
          return response.status;
        }),
      ),
    );
    expect(statuses).toEqual(Array(count).fill(200));

    // Answered but not settled: the reservations are taken, nothing is logged or counted yet.
    expect(await consumeLogs(user.id)).toEqual({ quota: 0, count: 0 });
    const reserved = await userBalance(h.db, user.id);
    expect(reserved.quota).toBeLessThan(1_000_000);
    expect(reserved).toMatchObject({ used_quota: 0, request_count: 0 });

    await relay.app.close();

    const logs = await consumeLogs(user.id);
    expect(logs.count).toBe(count);
    expect(logs.quota).toBeGreaterThan(0);
    // The reservation (prompt + 100 tokens) was above the real cost: the difference came back.
    expect(logs.quota).toBeLessThan(1_000_000 - reserved.quota);
    const balance = await userBalance(h.db, user.id);
    expect(balance).toEqual({
      quota: 1_000_000 - logs.quota,
      used_quota: logs.quota,
      request_count: count,
    });
    const tokenRow = await tokenBalance(h.db, token.id);
    expect(tokenRow).toMatchObject({ remain_quota: 500_000 - logs.quota, used_quota: logs.quota });
    expect((await channelUsed()) - usedBefore).toBe(logs.quota);
  });

  it('writes the rest of a batch when one settlement in it fails', async () => {
    const { options } = h.server.runtime;
    const now = () => Math.floor(Date.now() / 1000);
    const billing = new Billing(h.db, new PricingRules(options), now, () => 0, undefined, 60_000);
    const user = await createUser(h.db, { quota: 10_000 });
    const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: 10_000 });
    const log = (content: string | null) => ({
      user_id: user.id,
      username: user.username,
      created_at: now(),
      type: 2,
      // A consume log without content breaks the NOT NULL constraint: that row fails.
      content: content as string,
      token_name: 'queue',
      model_name: 'gpt-4',
      channel_id: channelId,
      token_id: token.id,
    });
    const outcomes: Promise<string>[] = [];
    for (const content of ['first', null, 'third']) {
      const caller = await admitCaller(h.db, token.authorization, now());
      const reservation = await billing.reserve(caller, 1000);
      const settled = billing.settle(reservation, { cost: 600, channelId, log: log(content) });
      outcomes.push(
        settled.then(
          () => 'written',
          () => 'failed',
        ),
      );
    }
    expect(billing.settlements.size).toBe(3);
    await billing.flush();
    expect(await Promise.all(outcomes)).toEqual(['written', 'failed', 'written']);

    // Two settled at 600 each; the failed one keeps its whole reservation of 1000.
    expect(await consumeTotal(h.db, user.id)).toEqual({ quota: 1200, count: 2 });
    expect(await userBalance(h.db, user.id)).toEqual({
      quota: 10_000 - 1200 - 1000,
      used_quota: 1200,
      request_count: 2,
    });
    expect(await tokenBalance(h.db, token.id)).toMatchObject({
      remain_quota: 10_000 - 1200 - 1000,
      used_quota: 2200,
    });
  });
});
