// Wallet top-up through Stripe Checkout against a loopback Stripe: the session's amount and
// currency, the status flag, and webhooks signed as Stripe signs them crediting exactly once.
import { LogType, STRIPE_PAYMENT_METHOD, type StripeCheckout } from '@switchyard/contracts';
import type { OptionKey } from '@switchyard/contracts/options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeCheckoutSession,
  type FakeStripe,
  signedSessionEvent,
  startFakeStripe,
} from '../../fakes/stripe-api';
import { signedInUser, userQuota } from '../../helpers/billing';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

const SECRET_KEY = 'sk_test_switchyard_fake_key';
const WEBHOOK_SECRET = 'whsec_switchyard_fake_secret';

let ctx: TestContext;
let server: TestServer;
let stripe: FakeStripe;

async function setOptions(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    expect(await server.runtime.options.set(key as OptionKey, value), key).toBe(true);
  }
}

beforeAll(async () => {
  stripe = await startFakeStripe(SECRET_KEY);
  ctx = await createTestContext();
  server = await ctx.start();
  await setOptions({
    ServerAddress: 'http://console.example',
    StripeSecretKey: SECRET_KEY,
    StripeWebhookSecret: WEBHOOK_SECRET,
    StripeCurrency: 'eur',
    StripeUnitPrice: '0.92',
    StripeApiBase: stripe.url,
    TopupGroupRatio: '{"default":1,"vip":0.5}',
    MinTopUp: '1',
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const webhook = (event: { body: string; signature: string }) =>
  server.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
    },
    payload: event.body,
  });

async function checkout(amount: number) {
  const session = await signedInUser(server);
  const reply = await session.client.post<StripeCheckout>('/api/user/stripe/pay', { amount });
  expect(reply.json.success, reply.json.message).toBe(true);
  const created = stripe.sessions.at(-1) as FakeCheckoutSession;
  expect(reply.json.data?.url).toBe(created.url);
  return { ...session, created };
}

const topUpLogs = (userId: number) =>
  server.db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', LogType.topup)
    .execute();

describe('POST /api/user/stripe/pay', () => {
  it('opens a Checkout Session for the right amount and currency, after a pending order', async () => {
    const { user, created } = await checkout(10);
    expect(stripe.authorizations.at(-1)).toBe(`Bearer ${SECRET_KEY}`);
    expect(created).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      amount_total: 920,
      product: 'TUC10',
      success_url: 'http://console.example/topup?stripe=success',
      cancel_url: 'http://console.example/topup?stripe=cancel',
    });
    const order = await server.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', created.client_reference_id ?? '')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: user.id,
      amount: 10,
      money: 9.2,
      status: 'pending',
      payment_method: STRIPE_PAYMENT_METHOD,
    });
    expect(created.metadata).toEqual({ trade_no: order.trade_no, top_up_id: String(order.id) });
  });

  it('applies the group top-up ratio and the minimum, and refuses bad input with 400', async () => {
    const { client, user } = await signedInUser(server);
    await server.db.updateTable('users').set({ group: 'vip' }).where('id', '=', user.id).execute();
    expect((await client.post('/api/user/stripe/pay', { amount: 5 })).json.success).toBe(true);
    expect(stripe.sessions.at(-1)?.amount_total).toBe(230);
    await setOptions({ MinTopUp: '3' });
    const low = await client.post('/api/user/stripe/pay', { amount: 2 });
    expect(low.json).toMatchObject({
      success: false,
      message: 'Top-up amount cannot be less than 3',
    });
    await setOptions({ MinTopUp: '1' });
    for (const body of [{ amount: 0 }, { amount: 'ten' }, {}]) {
      expect((await client.post('/api/user/stripe/pay', body)).status).toBe(400);
    }
    expect(await server.runtime.options.set('StripeCurrency', 'dollars')).toBe(false);
    expect(await server.runtime.options.set('StripeUnitPrice', '0')).toBe(false);
  });

  it('is refused when Stripe is not configured, and /api/status says so', async () => {
    const { client, user } = await signedInUser(server);
    expect(
      (await client.get<{ enable_stripe_topup: boolean }>('/api/status')).json.data,
    ).toMatchObject({ enable_stripe_topup: true });
    await setOptions({ StripeWebhookSecret: '' });
    try {
      const status = await client.get<{ enable_stripe_topup: boolean }>('/api/status');
      expect(status.json.data?.enable_stripe_topup).toBe(false);
      const reply = await client.post('/api/user/stripe/pay', { amount: 5 });
      expect(reply.json).toMatchObject({
        success: false,
        message: 'The administrator has not enabled Stripe payments',
      });
      const orders = await server.db
        .selectFrom('top_ups')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(orders).toHaveLength(0);
    } finally {
      await setOptions({ StripeWebhookSecret: WEBHOOK_SECRET });
    }
  });

  it('answers 502 without the key when Stripe refuses the call', async () => {
    await setOptions({ StripeSecretKey: 'sk_test_wrong_key_123' });
    try {
      const { client } = await signedInUser(server);
      const reply = await client.post('/api/user/stripe/pay', { amount: 5 });
      expect(reply.status).toBe(502);
      expect(reply.json.success).toBe(false);
      expect(reply.text).not.toContain('sk_test_wrong_key_123');
    } finally {
      await setOptions({ StripeSecretKey: SECRET_KEY });
    }
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature with 400 and credits nothing', async () => {
    const { user, created } = await checkout(4);
    const paid = { payment_status: 'paid' as const, status: 'complete' as const };
    const forged = signedSessionEvent(created, 'checkout.session.completed', paid, 'whsec_other');
    expect((await webhook(forged)).statusCode).toBe(400);
    const good = signedSessionEvent(created, 'checkout.session.completed', paid, WEBHOOK_SECRET);
    const tampered = { ...good, body: good.body.replace('"amount_total":368', '"amount_total":1') };
    expect(tampered.body).not.toBe(good.body);
    expect((await webhook(tampered)).statusCode).toBe(400);
    expect((await webhook({ ...good, signature: '' })).statusCode).toBe(400);
    expect(await userQuota(server.db, user.id)).toBe(0);
    expect(await topUpLogs(user.id)).toHaveLength(0);
  });

  it('credits once for the same event three times and for two events out of order', async () => {
    const { user, created } = await checkout(3);
    const paid = { payment_status: 'paid' as const, status: 'complete' as const };
    const completed = signedSessionEvent(
      created,
      'checkout.session.completed',
      paid,
      WEBHOOK_SECRET,
    );
    const replies = await Promise.all([webhook(completed), webhook(completed), webhook(completed)]);
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(await userQuota(server.db, user.id)).toBe(3 * 500000);

    // A delayed payment method: completed unpaid, then succeeded — delivered in the other order.
    const late = await checkout(2);
    const succeeded = signedSessionEvent(
      late.created,
      'checkout.session.async_payment_succeeded',
      paid,
      WEBHOOK_SECRET,
    );
    const unpaid = signedSessionEvent(
      late.created,
      'checkout.session.completed',
      { status: 'complete' },
      WEBHOOK_SECRET,
    );
    const lateCompleted = signedSessionEvent(
      late.created,
      'checkout.session.completed',
      paid,
      WEBHOOK_SECRET,
    );
    for (const event of [succeeded, unpaid, lateCompleted]) {
      expect((await webhook(event)).statusCode).toBe(200);
    }
    expect(await userQuota(server.db, late.user.id)).toBe(2 * 500000);
    const logs = await topUpLogs(late.user.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.content).toContain('1.84 EUR');
    const order = await server.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', late.created.client_reference_id ?? '')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('success');
  });

  it('acknowledges other events and unknown sessions without crediting', async () => {
    const { user, created } = await checkout(2);
    const other = signedSessionEvent(created, 'checkout.session.expired', {}, WEBHOOK_SECRET);
    expect((await webhook(other)).statusCode).toBe(200);
    const unpaid = signedSessionEvent(created, 'checkout.session.completed', {}, WEBHOOK_SECRET);
    expect((await webhook(unpaid)).statusCode).toBe(200);
    const stranger = signedSessionEvent(
      created,
      'checkout.session.completed',
      { payment_status: 'paid', client_reference_id: 'not-ours', metadata: {} },
      WEBHOOK_SECRET,
    );
    expect((await webhook(stranger)).statusCode).toBe(200);
    const wrongSum = signedSessionEvent(
      created,
      'checkout.session.completed',
      { payment_status: 'paid', amount_total: 1 },
      WEBHOOK_SECRET,
    );
    expect((await webhook(wrongSum)).statusCode).toBe(200);
    expect(await userQuota(server.db, user.id)).toBe(0);
  });

  it("credits the inviter's rebate once for a paid Stripe session of an invitee", async () => {
    await setOptions({ AffiliateRebatePercent: '12.5' });
    try {
      const inviter = await signedInUser(server);
      const { user, created } = await checkout(4);
      await server.db
        .updateTable('users')
        .set({ inviter_id: inviter.user.id })
        .where('id', '=', user.id)
        .execute();
      const paid = { payment_status: 'paid' as const, status: 'complete' as const };
      const event = signedSessionEvent(created, 'checkout.session.completed', paid, WEBHOOK_SECRET);
      await Promise.all([webhook(event), webhook(event)]);
      const history = await inviter.client.get<{ items: { quota: number }[] }>(
        '/api/user/aff/history',
      );
      expect(history.json.data?.items).toEqual([
        expect.objectContaining({ quota: 250_000, payment_method: 'stripe', invitee_id: user.id }),
      ]);
      const row = await server.db
        .selectFrom('users')
        .select('aff_quota')
        .where('id', '=', inviter.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.aff_quota)).toBe(250_000);
    } finally {
      await setOptions({ AffiliateRebatePercent: '0' });
    }
  });
});
