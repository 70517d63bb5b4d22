// Plans bought online (issue 31): an epay form or a Stripe Checkout Session for a pending order
// that records the plan; its confirmed payment (signed notify, signed webhook) starts or extends
// exactly one subscription whatever the retries and their order, only for the plan's price, and
// earns the payer's inviter a rebate once (a purchase from the wallet earns none).
import type {
  Page,
  PaymentForm,
  PlanView,
  StripeCheckout,
  SubscriptionView,
  WalletHistoryEntry,
} from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeCheckoutSession, signedSessionEvent } from '../../fakes/stripe-api';
import { signedInUser, userQuota } from '../../helpers/billing';
import type { TestClient } from '../../helpers/client';
import {
  epayNotifyUrl,
  STRIPE_WEBHOOK_SECRET,
  stripeWebhook,
  usePaymentServer,
} from '../../helpers/payments';

const payments = usePaymentServer({ AffiliateRebatePercent: '10' });
const { server } = payments;
/** 2 dollars of quota: 14.60 by epay at 7.3, 1.84 EUR by Stripe at 0.92. */
const PRICE = 1_000_000;
const PAID = { payment_status: 'paid' as const, status: 'complete' as const };

async function createPlan(input: Partial<PlanView> = {}): Promise<PlanView> {
  const { client } = await signedInUser(server, { role: 100 });
  const reply = await client.post<PlanView>('/api/plan/', {
    name: 'Coder',
    price: PRICE,
    duration_days: 30,
    limits: [{ period: 'day', quota: 20_000 }],
    ...input,
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as PlanView;
}

const subscriptions = async (client: TestClient) =>
  (await client.get<SubscriptionView[]>('/api/subscription/self')).json.data ?? [];

async function epayOrder(client: TestClient, planId: number): Promise<PaymentForm> {
  const reply = await client.post<PaymentForm>('/api/subscription/', {
    plan_id: planId,
    payment_method: 'epay',
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  expect(reply.json.message).toBe('success');
  return reply.json.data as PaymentForm;
}

async function stripeOrder(client: TestClient, planId: number): Promise<FakeCheckoutSession> {
  const reply = await client.post<StripeCheckout>('/api/user/stripe/pay', { plan_id: planId });
  expect(reply.json.success, reply.json.message).toBe(true);
  const created = payments.stripe.sessions.at(-1) as FakeCheckoutSession;
  expect(reply.json.data?.url).toBe(created.url);
  return created;
}

const notify = (url: string) => server.client().get(url);

describe('plans bought by epay', () => {
  it('answers the signed form for the plan price and records a pending order of the plan', async () => {
    const plan = await createPlan();
    const { client, user } = await signedInUser(server);
    const form = await epayOrder(client, plan.id);
    expect(form.url).toBe('http://127.0.0.1:9/pay/submit.php');
    expect(form.fields).toMatchObject({
      money: '14.60',
      type: 'alipay',
      sign_type: 'MD5',
      return_url: 'http://console.example/plans',
    });
    const order = await server.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', form.fields.out_trade_no ?? '')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: user.id, status: 'pending', money: 14.6 });
    expect(Number(order.plan_id)).toBe(plan.id);
    expect(Number(order.plan_price)).toBe(PRICE);
    expect(await subscriptions(client)).toEqual([]);
  });

  it('refuses a plan off sale or not for the group, and an unknown one, writing no order', async () => {
    const off = await createPlan({ status: 2 });
    const vipOnly = await createPlan({ groups: 'vip' });
    const { client, user } = await signedInUser(server);
    for (const planId of [off.id, vipOnly.id, 999_999]) {
      const reply = await client.post('/api/subscription/', {
        plan_id: planId,
        payment_method: 'epay',
      });
      expect(reply.json.success).toBe(false);
    }
    expect(
      (await client.post('/api/subscription/', { plan_id: off.id, epay_method: 'x' })).status,
    ).toBe(400);
    const orders = await server.db
      .selectFrom('top_ups')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('a bad signature or another sum starts nothing; the same notify 3× starts one subscription', async () => {
    const plan = await createPlan();
    const { client, user } = await signedInUser(server, { quota: 0 });
    const form = await epayOrder(client, plan.id);
    expect((await notify(epayNotifyUrl(form, {}, 'not-the-key'))).text).toBe('fail');
    expect((await notify(epayNotifyUrl(form, { money: '0.01' }))).text).toBe('fail');
    expect(await subscriptions(client)).toEqual([]);

    const url = epayNotifyUrl(form);
    const replies = await Promise.all([notify(url), notify(url), notify(url)]);
    for (const reply of replies) expect(reply.text).toBe('success');
    const subs = await subscriptions(client);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan_id: plan.id, status: 1, source: 'epay' });
    // Paid online: the wallet is neither charged nor credited; the history names the plan bought.
    expect(await userQuota(server.db, user.id)).toBe(0);
    const history = await client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(history.json.data?.items).toEqual([
      expect.objectContaining({ target: 'plan', target_name: plan.name, status: 'success' }),
    ]);
    const started = await server.db
      .selectFrom('logs')
      .select(['content', 'quota'])
      .where('user_id', '=', user.id)
      .execute();
    expect(started).toHaveLength(1);
  });

  it('a second paid order extends the subscription instead of starting another', async () => {
    const plan = await createPlan({ duration_days: 10 });
    const { client } = await signedInUser(server);
    const first = await epayOrder(client, plan.id);
    const second = await epayOrder(client, plan.id);
    expect((await notify(epayNotifyUrl(second))).text).toBe('success');
    const once = (await subscriptions(client))[0] as SubscriptionView;
    expect((await notify(epayNotifyUrl(first))).text).toBe('success');
    const subs = await subscriptions(client);
    expect(subs).toHaveLength(1);
    expect(subs[0]?.expires_at).toBe(once.expires_at + 10 * 86_400);
  });

  it('a paid order delivers even if the plan went off sale after it was made', async () => {
    const plan = await createPlan();
    const { client } = await signedInUser(server);
    const form = await epayOrder(client, plan.id);
    const admin = (await signedInUser(server, { role: 100 })).client;
    expect((await admin.put('/api/plan/', { ...plan, status: 2 })).json.success).toBe(true);
    expect((await notify(epayNotifyUrl(form))).text).toBe('success');
    expect(await subscriptions(client)).toHaveLength(1);
  });
});

describe('plans bought through Stripe', () => {
  it('POST /api/subscription/ with stripe answers the Checkout url for the plan price', async () => {
    const plan = await createPlan();
    const { client } = await signedInUser(server);
    const reply = await client.post<StripeCheckout>('/api/subscription/', {
      plan_id: plan.id,
      payment_method: 'stripe',
    });
    expect(reply.json.success, reply.json.message).toBe(true);
    const created = payments.stripe.sessions.at(-1) as FakeCheckoutSession;
    expect(reply.json.data?.url).toBe(created.url);
    expect(created).toMatchObject({
      amount_total: 184,
      currency: 'eur',
      product: 'Coder',
      success_url: 'http://console.example/plans?stripe=success',
    });
    expect(
      (await client.post('/api/user/stripe/pay', { plan_id: plan.id, amount: 3 })).status,
    ).toBe(400);
  });

  it('a bad signature or another sum starts nothing; 3 retries and two events out of order start one', async () => {
    const plan = await createPlan();
    const { client } = await signedInUser(server);
    const created = await stripeOrder(client, plan.id);
    const completed = signedSessionEvent(
      created,
      'checkout.session.completed',
      PAID,
      STRIPE_WEBHOOK_SECRET,
    );
    const forged = signedSessionEvent(created, 'checkout.session.completed', PAID, 'whsec_other');
    expect((await stripeWebhook(server, forged)).statusCode).toBe(400);
    const wrongSum = signedSessionEvent(
      created,
      'checkout.session.completed',
      { ...PAID, amount_total: 1 },
      STRIPE_WEBHOOK_SECRET,
    );
    expect((await stripeWebhook(server, wrongSum)).statusCode).toBe(200);
    expect(await subscriptions(client)).toEqual([]);

    const replies = await Promise.all([1, 2, 3].map(() => stripeWebhook(server, completed)));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(await subscriptions(client)).toHaveLength(1);

    // A delayed method: succeeded delivered before completed, then completed again.
    const other = await signedInUser(server);
    const late = await stripeOrder(other.client, plan.id);
    const succeeded = signedSessionEvent(
      late,
      'checkout.session.async_payment_succeeded',
      PAID,
      STRIPE_WEBHOOK_SECRET,
    );
    const lateCompleted = signedSessionEvent(
      late,
      'checkout.session.completed',
      PAID,
      STRIPE_WEBHOOK_SECRET,
    );
    for (const event of [succeeded, lateCompleted, lateCompleted]) {
      expect((await stripeWebhook(server, event)).statusCode).toBe(200);
    }
    const subs = await subscriptions(other.client);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan_id: plan.id, source: 'stripe', status: 1 });
  });
});

describe('rebates of plan payments', () => {
  it('50 concurrent confirmed plan payments of invitees, each sent twice, credit exactly 50 rebates', async () => {
    const plan = await createPlan();
    const inviter = await signedInUser(server);
    const callbacks: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const invitee = await signedInUser(server);
      await server.db
        .updateTable('users')
        .set({ inviter_id: inviter.user.id })
        .where('id', '=', invitee.user.id)
        .execute();
      callbacks.push(epayNotifyUrl(await epayOrder(invitee.client, plan.id)));
    }
    const replies = await Promise.all([...callbacks, ...callbacks].map((url) => notify(url)));
    for (const reply of replies) expect(reply.text).toBe('success');
    const rows = await server.db
      .selectFrom('affiliate_rebates')
      .selectAll()
      .where('inviter_id', '=', inviter.user.id)
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => Number(row.quota) === PRICE / 10)).toBe(true);
    const aff = await server.db
      .selectFrom('users')
      .select('aff_quota')
      .where('id', '=', inviter.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(aff.aff_quota)).toBe(50 * (PRICE / 10));
    const history = await inviter.client.get<{ total: number; items: { plan_name: string }[] }>(
      '/api/user/aff/history',
    );
    expect(history.json.data?.total).toBe(50);
    expect(history.json.data?.items[0]?.plan_name).toBe('Coder');
    const started = await server.db
      .selectFrom('subscriptions')
      .select('id')
      .where('plan_id', '=', plan.id)
      .execute();
    expect(started).toHaveLength(50);
  });

  it('a purchase from the wallet earns the inviter nothing', async () => {
    const plan = await createPlan();
    const inviter = await signedInUser(server);
    const invitee = await signedInUser(server, { quota: PRICE });
    await server.db
      .updateTable('users')
      .set({ inviter_id: inviter.user.id })
      .where('id', '=', invitee.user.id)
      .execute();
    const bought = await invitee.client.post('/api/subscription/', {
      plan_id: plan.id,
      payment_method: 'wallet',
    });
    expect(bought.json.success, bought.json.message).toBe(true);
    const rows = await server.db
      .selectFrom('affiliate_rebates')
      .select('id')
      .where('inviter_id', '=', inviter.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
