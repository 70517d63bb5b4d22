// Reservations that outlive their request: the journal row taken with the quota, settled exactly
// once (by the request, or by a reconciliation when the node that took it died), the delivered
// part of a stream billed, and a token marked exhausted only on its settled balance.
import { TokenStatus } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing, type PriceQuote } from '../../src/ledger/billing';
import { settleQuotas } from '../../src/ledger/quota.repository';
import { verdictFor } from '../../src/ledger/reconciliation';
import { windowCutoff } from '../../src/modules/limits/window-rules';
import { PricingRules } from '../../src/modules/pricing/pricing-rules';
import { admitCaller } from '../../src/relay/pipeline/admission';
import { RelayError } from '../../src/relay/relay-errors';
import { createUser } from '../helpers/factories';
import {
  consumeTotal,
  createToken,
  logsOf,
  type RelayHarness,
  startRelayHarness,
  tokenBalance,
  userBalance,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
const now = () => Math.floor(Date.now() / 1000);
// Long enough that a loaded machine reaches the first check before it runs out.
const LEASE_MS = 500;

beforeAll(async () => {
  h = await startRelayHarness();
});

afterAll(() => h.close());

function node(nodeId: string): Billing {
  const pricing = new PricingRules(h.server.runtime.options);
  return new Billing(h.db, pricing, now, () => 0, undefined, 5, {
    nodeId,
    leaseMs: LEASE_MS,
    reconciledContent: 'reconciled',
  });
}

async function journalRows(userId: number) {
  return h.db.selectFrom('relay_reservations').selectAll().where('user_id', '=', userId).execute();
}

async function customer(quota = 100_000, remain = 100_000) {
  const user = await createUser(h.db, { quota });
  const token = await createToken(h.db, user.id, { unlimited: false, remainQuota: remain });
  return { user, token, caller: () => admitCaller(h.db, token.authorization, now()) };
}

async function tokenWindow(tokenId: number) {
  const row = await h.db
    .selectFrom('tokens')
    .select(['window_used', 'window_reserved'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return { used: Number(row.window_used), reserved: Number(row.window_reserved) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const QUOTE: PriceQuote = {
  model: 'gpt-4',
  perCall: false,
  modelRatio: 1,
  modelPrice: -1,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1,
  cacheCreation1hRatio: 1,
  groupRatio: 1,
};

describe('reconciliation rules', () => {
  it('charges the reservation when nothing was recorded, the delivered part of a stream, refunds when nothing went out', () => {
    expect(verdictFor({ amount: 900, delivered: -1 })).toEqual({ kind: 'settle', cost: 900 });
    expect(verdictFor({ amount: 900, delivered: 250 })).toEqual({ kind: 'settle', cost: 250 });
    expect(verdictFor({ amount: 900, delivered: 5000 })).toEqual({ kind: 'settle', cost: 900 });
    expect(verdictFor({ amount: 900, delivered: 0 })).toEqual({ kind: 'refund' });
  });
});

describe('the reservation journal', () => {
  it('is written with the take and removed by the settlement', async () => {
    const { user, caller } = await customer();
    const a = node('journal-a');
    const reservation = await a.reserve(await caller(), 1000, { model: 'gpt-4' });
    expect(await journalRows(user.id)).toMatchObject([
      {
        id: reservation.id,
        amount: 1000,
        node_id: 'journal-a',
        model_name: 'gpt-4',
        delivered: -1,
      },
    ]);
    await a.settle(reservation, { cost: 400, channelId: 0, log: null });
    expect(await journalRows(user.id)).toEqual([]);
    expect((await userBalance(h.db, user.id)).quota).toBe(100_000 - 400);
  });

  it("lets a live node settle a dead node's reservation once its lease ran out, once", async () => {
    const { user, token, caller } = await customer();
    const dead = node('dead-a');
    const live = node('live-b');
    const reservation = await dead.reserve(await caller(), 1000, { model: 'gpt-4' });
    // The lease still runs: nothing is touched.
    await live.keeper.tick();
    expect(await journalRows(user.id)).toHaveLength(1);
    await sleep(LEASE_MS + 100);
    await live.keeper.tick();
    expect(await journalRows(user.id)).toEqual([]);
    const [log] = await logsOf(h.db, user.id);
    expect(log).toMatchObject({ quota: 1000, model_name: 'gpt-4', content: 'reconciled' });
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({ reconciled: true, node: 'dead-a' });
    expect(await userBalance(h.db, user.id)).toEqual({
      quota: 99_000,
      used_quota: 1000,
      request_count: 1,
    });
    expect(await tokenBalance(h.db, token.id)).toMatchObject({ remain_quota: 99_000 });

    // The owner comes back and settles late: nothing is applied twice.
    await dead.settle(reservation, { cost: 300, channelId: 0, log: null });
    await live.keeper.tick();
    expect(await consumeTotal(h.db, user.id)).toEqual({ quota: 1000, count: 1 });
    expect((await userBalance(h.db, user.id)).quota).toBe(99_000);
  });

  it("bills a dead node's stream for the part it had delivered, and refunds one that sent nothing", async () => {
    const { user, caller } = await customer();
    const dead = node('dead-stream');
    const live = node('live-stream');
    const streaming = await dead.reserve(await caller(), 2000, { model: 'gpt-4', stream: true });
    const silent = await dead.reserve(await caller(), 500, { model: 'gpt-4', stream: true });
    // 1000 of the reservation is the prompt's share (2000 − 1000 max tokens at completion
    // ratio 1); 400 bytes ≈ 100 tokens.
    dead.streaming(streaming, QUOTE, 1000, () => 400);
    dead.streaming(silent, QUOTE, 100, () => 0);
    await dead.keeper.tick();
    const recorded = await journalRows(user.id);
    expect(recorded.map((row) => Number(row.delivered)).sort((x, y) => x - y)).toEqual([0, 1100]);
    await sleep(LEASE_MS + 100);
    await live.keeper.tick();
    expect(await journalRows(user.id)).toEqual([]);
    expect(await consumeTotal(h.db, user.id)).toEqual({ quota: 1100, count: 1 });
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: 100_000 - 1100 });
  });

  it("gives a dead node's quota-window hold back with the balance: charged, or refunded", async () => {
    const { user, token, caller } = await customer();
    await h.db
      .updateTable('tokens')
      .set({ window_period: 'day', window_quota: 1_000_000 })
      .where('id', '=', token.id)
      .execute();
    const window = windowCutoff('day', now(), 'UTC');
    const dead = node('dead-window');
    const live = node('live-window');
    const charged = await dead.reserve(await caller(), 1000, { model: 'gpt-4', window });
    const silent = await dead.reserve(await caller(), 300, {
      model: 'gpt-4',
      stream: true,
      window,
    });
    dead.streaming(silent, QUOTE, 100, () => 0);
    await dead.keeper.tick();
    expect(charged.window).toEqual({ startedAt: window.freshStart, amount: 1000 });
    const held = (await journalRows(user.id)).map((row) => Number(row.window_started_at));
    expect(held).toEqual([window.freshStart, window.freshStart]);
    expect(await tokenWindow(token.id)).toEqual({ used: 0, reserved: 1300 });
    await sleep(LEASE_MS + 100);
    await live.keeper.tick();
    expect(await journalRows(user.id)).toEqual([]);
    // The charged one counts in the window; neither hold is left behind.
    expect(await tokenWindow(token.id)).toEqual({ used: 1000, reserved: 0 });
    expect(await tokenBalance(h.db, token.id)).toMatchObject({ remain_quota: 99_000 });
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: 99_000 });
  });

  it('settles at start what the same node id left behind', async () => {
    const { user, caller } = await customer();
    const before = node('restarting');
    await before.reserve(await caller(), 700);
    const after = node('restarting');
    expect(await after.keeper.recoverOwn()).toBe(1);
    expect(await journalRows(user.id)).toEqual([]);
    expect(await consumeTotal(h.db, user.id)).toEqual({ quota: 700, count: 1 });
  });

  it('applies a settlement retried after an uncertain commit once', async () => {
    const { user, caller } = await customer();
    const a = node('retry');
    const reservation = await a.reserve(await caller(), 1000);
    const settlement = {
      id: reservation.id,
      userId: user.id,
      tokenId: reservation.tokenId,
      channelId: 0,
      reserved: 1000,
      cost: 600,
      countRequest: true,
      log: null,
      now: now(),
    };
    expect(await settleQuotas(h.db, [settlement])).toEqual([600]);
    expect(await settleQuotas(h.db, [settlement])).toEqual([null]);
    expect(await userBalance(h.db, user.id)).toEqual({
      quota: 99_400,
      used_quota: 600,
      request_count: 1,
    });
  });
});

describe('exhausted tokens', () => {
  it('are marked only when the settled balance is spent, not while reservations are in flight', async () => {
    const { token, caller } = await customer(100_000, 1000);
    const a = node('exhaust');
    const reservation = await a.reserve(await caller(), 1000);
    // The token's balance is all reserved: refused, but not marked exhausted.
    const refused = await caller().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RelayError);
    expect((refused as RelayError).status).toBe(403);
    expect((await tokenBalance(h.db, token.id)).status).toBe(TokenStatus.enabled);
    await a.settle(reservation, { cost: 1000, channelId: 0, log: null });
    const exhausted = await caller().catch((error: unknown) => error);
    expect((exhausted as RelayError).status).toBe(401);
    expect((await tokenBalance(h.db, token.id)).status).toBe(TokenStatus.exhausted);
  });
});
