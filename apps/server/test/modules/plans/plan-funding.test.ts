// Funding order in the relay (issue 31): a covered model is paid by the plan while every window
// has room — exactly, under 100 concurrent requests — and by the wallet after; an uncovered model
// by the wallet; a plan-only token gets 429 naming the full window or 403 for an uncovered model.
// The journal names `plan:<id>`; a dead node's plan reservation goes back to the plan; a window
// starts over at its reset (injected clock).
import { planFunding, SubscriptionStatus } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Billing } from '../../../src/ledger/billing';
import { takeFromPlan } from '../../../src/ledger/plan-funding';
import { PricingRules } from '../../../src/modules/pricing/pricing-rules';
import { admitCaller } from '../../../src/relay/pipeline/admission';
import { signIn } from '../../helpers/audience';
import { createUser } from '../../helpers/factories';
import {
  createToken,
  logsOf,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  userBalance,
  waitForLogs,
} from '../../helpers/relay-fixtures';

let h: RelayHarness;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const PER_CALL = 1000;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, {
    key: 'plan-key',
    baseUrl: h.fake.url,
    models: ['per-call', 'other-call'],
  });
  // 0.002 dollars a call = 1000 quota, reserved and charged alike.
  await h.server.runtime.options.set(
    'ModelPrice',
    JSON.stringify({ 'per-call': 0.002, 'other-call': 0.002 }),
  );
});

afterAll(() => h.close());

async function subscribe(
  userId: number,
  windows: { w5h?: number; wday?: number },
  startsAt = nowSeconds() - 60,
): Promise<number> {
  const result = await h.db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: 0,
      plan_name: 'test',
      models: 'per-call',
      upgrade_group: '',
      status: SubscriptionStatus.active,
      starts_at: startsAt,
      expires_at: startsAt + 30 * 86_400,
      auto_renew: 0,
      source: 'wallet',
      price: 0,
      duration_days: 30,
      created_at: startsAt,
      w5h_quota: windows.w5h ?? 0,
      wday_quota: windows.wday ?? 0,
    })
    .executeTakeFirst();
  if (result.insertId !== undefined) return Number(result.insertId);
  const row = await h.db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const subscription = (id: number) =>
  h.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function fire(authorization: string, model: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${h.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      }).then(async (response) => ({ status: response.status, body: await response.text() })),
    ),
  );
}

async function planOnly(tokenId: number): Promise<void> {
  await h.db.updateTable('tokens').set({ plan_only: 1 }).where('id', '=', tokenId).execute();
}

describe('funding order', () => {
  it('100 concurrent requests: the plan pays exactly while 5h and day both have room, then the wallet', async () => {
    const user = await createUser(h.db, { quota: 200_000 });
    const token = await createToken(h.db, user.id);
    // The day window is the smaller: it decides; the 5h window counts the same requests.
    const id = await subscribe(user.id, { w5h: 30 * PER_CALL, wday: 20 * PER_CALL });
    const replies = await fire(token.authorization, 'per-call', 100);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(100);
    const logs = await waitForLogs(h.db, user.id, 100);
    const byPlan = logs.filter((log) => log.funding === planFunding(id));
    const byWallet = logs.filter((log) => log.funding === 'wallet');
    expect(byPlan).toHaveLength(20);
    expect(byWallet).toHaveLength(80);
    expect(byPlan.every((log) => Number(log.quota) === PER_CALL)).toBe(true);
    const row = await subscription(id);
    expect(Number(row.wday_used)).toBe(20 * PER_CALL);
    expect(Number(row.w5h_used)).toBe(20 * PER_CALL);
    expect(Number(row.wday_reserved)).toBe(0);
    expect(Number(row.w5h_reserved)).toBe(0);
    expect((await userBalance(h.db, user.id)).quota).toBe(200_000 - 80 * PER_CALL);
    // The log lists filter by the source that paid.
    const client = await signIn(h.server, user);
    const plan = await client.get<{ total: number }>('/api/log/self?funding=plan&type=2');
    expect(plan.json.data?.total).toBe(20);
    const one = await client.get<{ total: number }>(`/api/log/self?funding=plan:${id}`);
    expect(one.json.data?.total).toBe(20);
    const wallet = await client.get<{ total: number }>('/api/log/self?funding=wallet&type=2');
    expect(wallet.json.data?.total).toBe(80);
    expect((await client.get('/api/log/self?funding=bank')).status).toBe(400);
    expect(
      await h.db
        .selectFrom('relay_reservations')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('a model the plan does not cover is paid by the wallet', async () => {
    const user = await createUser(h.db, { quota: 10_000 });
    const token = await createToken(h.db, user.id);
    await subscribe(user.id, { wday: 10 * PER_CALL });
    expect((await fire(token.authorization, 'other-call', 1))[0]?.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id, 1);
    expect(log?.funding).toBe('wallet');
    expect((await userBalance(h.db, user.id)).quota).toBe(10_000 - PER_CALL);
  });

  it('a plan-only token: 429 naming the full window and its reset; 403 for an uncovered model', async () => {
    const user = await createUser(h.db, { quota: 100_000 });
    const token = await createToken(h.db, user.id);
    await planOnly(token.id);
    const startsAt = nowSeconds() - 60;
    await subscribe(user.id, { w5h: 2 * PER_CALL, wday: 10 * PER_CALL }, startsAt);
    const replies = await fire(token.authorization, 'per-call', 4);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = JSON.parse(replies.find((r) => r.status === 429)?.body ?? '{}');
    expect(refused.error.code).toBe('plan_window_exhausted');
    expect(refused.error.message).toContain('5h');
    expect(refused.error.message).toContain(new Date((startsAt + 5 * 3600) * 1000).toISOString());
    const uncovered = await fire(token.authorization, 'other-call', 1);
    expect(uncovered[0]?.status).toBe(403);
    expect(JSON.parse(uncovered[0]?.body ?? '{}').error.code).toBe('model_not_in_plan');
    // The wallet paid nothing.
    await waitForLogs(h.db, user.id, 2);
    expect((await userBalance(h.db, user.id)).quota).toBe(100_000);
  });

  it('a plan-funded user with an empty wallet is served (admission lets a subscriber in)', async () => {
    const user = await createUser(h.db, { quota: 0 });
    const token = await createToken(h.db, user.id);
    const id = await subscribe(user.id, { wday: 5 * PER_CALL });
    expect((await fire(token.authorization, 'per-call', 1))[0]?.status).toBe(200);
    const [log] = await waitForLogs(h.db, user.id, 1);
    expect(log?.funding).toBe(planFunding(id));
  });
});

describe('the ledger with a plan', () => {
  const LEASE_MS = 300;
  function node(nodeId: string, now: () => number = nowSeconds): Billing {
    return new Billing(
      h.db,
      new PricingRules(h.server.runtime.options),
      now,
      () => 0,
      undefined,
      5,
      {
        nodeId,
        leaseMs: LEASE_MS,
        reconciledContent: 'reconciled',
        warn: () => undefined,
      },
    );
  }

  it("records plan:<id> in the journal; a dead node's reservation goes back to the plan", async () => {
    const user = await createUser(h.db, { quota: 50_000 });
    const token = await createToken(h.db, user.id);
    const id = await subscribe(user.id, { w5h: 10 * PER_CALL });
    const caller = await admitCaller(h.db, token.authorization, nowSeconds());
    const dead = node('plan-dead');
    const held = await dead.reserve(caller, 3 * PER_CALL, { model: 'per-call', stream: true });
    expect(held.funding).toEqual({ kind: 'plan', subscriptionId: id });
    const [journal] = await h.db
      .selectFrom('relay_reservations')
      .selectAll()
      .where('id', '=', held.id)
      .execute();
    expect(journal?.funding).toBe(planFunding(id));
    expect(Number((await subscription(id)).w5h_reserved)).toBe(3 * PER_CALL);
    // It had delivered nothing when its node died: the hold is given back to the window.
    dead.streaming(held, dead.quote('per-call', 'default'), 0, () => 0);
    await dead.keeper.tick();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    const live = node('plan-live');
    await live.keeper.tick();
    const row = await subscription(id);
    expect(Number(row.w5h_reserved)).toBe(0);
    expect(Number(row.w5h_used)).toBe(0);
    expect((await userBalance(h.db, user.id)).quota).toBe(50_000);
    // A dead node's request with nothing recorded is charged in full — to the plan.
    const charged = await dead.reserve(caller, 2 * PER_CALL, { model: 'per-call' });
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
    await live.keeper.tick();
    expect(Number((await subscription(id)).w5h_used)).toBe(2 * PER_CALL);
    const logs = await logsOf(h.db, user.id);
    expect(logs.map((log) => [log.funding, Number(log.quota)])).toEqual([
      [planFunding(id), 2 * PER_CALL],
    ]);
    expect(charged.funding.kind).toBe('plan');
    await live.settle(charged, { cost: 9, channelId: 0, log: null });
    expect(Number((await subscription(id)).w5h_used)).toBe(2 * PER_CALL);
  });

  it('a full window starts over at its reset (injected clock)', async () => {
    const user = await createUser(h.db, { quota: 0 });
    const token = await createToken(h.db, user.id);
    await planOnly(token.id);
    const startsAt = nowSeconds() - 60;
    const id = await subscribe(user.id, { w5h: 2 * PER_CALL, wday: 100 * PER_CALL }, startsAt);
    let now = startsAt + 100;
    const ledger = node('plan-clock', () => now);
    const caller = await admitCaller(h.db, token.authorization, nowSeconds());
    for (let i = 0; i < 2; i += 1) {
      const r = await ledger.reserve(caller, PER_CALL, { model: 'per-call' });
      await ledger.settle(r, { cost: PER_CALL, channelId: 0, log: null });
    }
    await expect(ledger.reserve(caller, PER_CALL, { model: 'per-call' })).rejects.toMatchObject({
      status: 429,
    });
    now = startsAt + 5 * 3600;
    const again = await ledger.reserve(caller, PER_CALL, { model: 'per-call' });
    await ledger.settle(again, { cost: PER_CALL, channelId: 0, log: null });
    const row = await subscription(id);
    expect(Number(row.w5h_start)).toBe(startsAt + 5 * 3600);
    expect(Number(row.w5h_used)).toBe(PER_CALL);
    expect(Number(row.wday_used)).toBe(3 * PER_CALL);
  });

  it('plan takes of one event-loop turn: a refused one is rolled back alone, the others stay', async () => {
    // Started together, they share one transaction on SQLite (each a savepoint of its own).
    const roomy = await createUser(h.db, { quota: 0 });
    const tight = await createUser(h.db, { quota: 0 });
    const roomyId = await subscribe(roomy.id, { w5h: 10 * PER_CALL });
    const tightId = await subscribe(tight.id, { w5h: 2 * PER_CALL });
    const roomyToken = await createToken(h.db, roomy.id);
    const tightToken = await createToken(h.db, tight.id);
    const now = nowSeconds();
    let sequence = 0;
    const entry = (userId: number, tokenId: number, amount: number) => {
      sequence += 1;
      return {
        id: `planturn${sequence}`.padEnd(32, '0'),
        userId,
        tokenId,
        amount,
        nodeId: 'test',
        leaseUntil: Date.now() + 60_000,
        createdAt: now,
        model: 'per-call',
        stream: false,
      };
    };
    const results = await Promise.all([
      takeFromPlan(h.db, entry(roomy.id, roomyToken.id, PER_CALL), 'per-call', now),
      takeFromPlan(h.db, entry(tight.id, tightToken.id, 3 * PER_CALL), 'per-call', now),
      takeFromPlan(h.db, entry(roomy.id, roomyToken.id, 2 * PER_CALL), 'per-call', now),
    ]);
    expect(results.map((result) => result.kind)).toEqual(['taken', 'full', 'taken']);
    expect(results[1]).toMatchObject({ kind: 'full', period: '5h' });
    const tightRow = await subscription(tightId);
    expect(Number(tightRow.w5h_reserved)).toBe(0);
    expect(Number((await subscription(roomyId)).w5h_reserved)).toBe(3 * PER_CALL);
    const journal = await h.db
      .selectFrom('relay_reservations')
      .select(['user_id', 'amount', 'funding'])
      .where('user_id', 'in', [roomy.id, tight.id])
      .orderBy('amount')
      .execute();
    expect(journal.map((row) => [row.user_id, Number(row.amount), row.funding])).toEqual([
      [roomy.id, PER_CALL, planFunding(roomyId)],
      [roomy.id, 2 * PER_CALL, planFunding(roomyId)],
    ]);
  });
});
