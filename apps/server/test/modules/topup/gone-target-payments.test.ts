// A paid order whose plan or org was deleted before the payment was confirmed (issues 31, 32): the
// money is not lost — what the order bought goes to the payer's wallet, exactly once whatever the
// gateway's retries, with a log line that says why — for epay and for Stripe.
import type { PaymentForm } from '@switchyard/contracts';
import { LogType, type PlanView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { renderLogContent } from '../../../src/i18n/log-content';
import { type FakeCheckoutSession, signedSessionEvent } from '../../fakes/stripe-api';
import { signedInUser, userQuota } from '../../helpers/billing';
import type { TestClient } from '../../helpers/client';
import { type OrgMember, orgWithMembers, signedIn } from '../../helpers/orgs';
import {
  epayNotifyUrl,
  STRIPE_WEBHOOK_SECRET,
  stripeWebhook,
  usePaymentServer,
} from '../../helpers/payments';

const payments = usePaymentServer({ AffiliateRebatePercent: '10' });
const { server } = payments;
/** 2 dollars of quota (QuotaPerUnit 500 000). */
const PLAN_PRICE = 1_000_000;
const PAID = { payment_status: 'paid' as const, status: 'complete' as const };

/** A gateway as the payer and the gateway see it: open an order, confirm its payment. */
interface Gateway {
  name: 'epay' | 'stripe';
  planOrder(client: TestClient, planId: number): Promise<() => Promise<void>>;
  orgOrder(client: TestClient, orgId: number, dollars: number): Promise<() => Promise<void>>;
}

const epay: Gateway = {
  name: 'epay',
  async planOrder(client, planId) {
    const reply = await client.post<PaymentForm>('/api/subscription/', {
      plan_id: planId,
      payment_method: 'epay',
    });
    expect(reply.json.success, reply.json.message).toBe(true);
    return epayConfirm(reply.json.data as PaymentForm);
  },
  async orgOrder(client, orgId, dollars) {
    const reply = await client.post<PaymentForm>('/api/user/pay', {
      amount: dollars,
      payment_method: 'wx',
      org_id: orgId,
    });
    expect(reply.json.success, reply.json.message).toBe(true);
    return epayConfirm(reply.json.data as PaymentForm);
  },
};

const epayConfirm = (form: PaymentForm) => async () => {
  const answer = await server.client().get(epayNotifyUrl(form));
  expect(answer.text).toBe('success');
};

const stripeGateway: Gateway = {
  name: 'stripe',
  async planOrder(client, planId) {
    return stripeConfirm(await client.post('/api/user/stripe/pay', { plan_id: planId }));
  },
  async orgOrder(client, orgId, dollars) {
    return stripeConfirm(
      await client.post('/api/user/stripe/pay', { amount: dollars, org_id: orgId }),
    );
  },
};

function stripeConfirm(reply: { json: { success: boolean; message: string } }) {
  expect(reply.json.success, reply.json.message).toBe(true);
  const session = payments.stripe.sessions.at(-1) as FakeCheckoutSession;
  const event = signedSessionEvent(
    session,
    'checkout.session.completed',
    PAID,
    STRIPE_WEBHOOK_SECRET,
  );
  return async () => {
    expect((await stripeWebhook(server, event)).statusCode).toBe(200);
  };
}

async function invitedPayer(): Promise<{ payer: OrgMember; inviterId: number }> {
  const inviter = await signedIn(server);
  const payer = await signedIn(server);
  await server.db
    .updateTable('users')
    .set({ inviter_id: inviter.user.id })
    .where('id', '=', payer.user.id)
    .execute();
  return { payer, inviterId: inviter.user.id };
}

const topUpLines = (userId: number) =>
  server.db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', LogType.topup)
    .execute();

const rebatesOf = async (inviterId: number) =>
  (
    await server.db
      .selectFrom('affiliate_rebates')
      .select('quota')
      .where('inviter_id', '=', inviterId)
      .execute()
  ).map((row) => Number(row.quota));

describe.each([epay, stripeGateway])('a deleted target, paid by $name', (gateway) => {
  it("puts a deleted plan's price on the payer's wallet once, and says so", async () => {
    const admin = (await signedInUser(server, { role: 100 })).client;
    const created = await admin.post<PlanView>('/api/plan/', {
      name: 'Gone',
      price: PLAN_PRICE,
      duration_days: 30,
      limits: [{ period: 'day', quota: 20_000 }],
    });
    const plan = created.json.data as PlanView;
    const { payer, inviterId } = await invitedPayer();
    const confirm = await gateway.planOrder(payer.client, plan.id);
    expect((await admin.delete(`/api/plan/${plan.id}`)).json.success).toBe(true);

    await Promise.all([confirm(), confirm(), confirm()]);
    await confirm();

    expect(await userQuota(server.db, payer.user.id)).toBe(PLAN_PRICE);
    const subs = await payer.client.get<unknown[]>('/api/subscription/self');
    expect(subs.json.data).toEqual([]);
    const lines = await topUpLines(payer.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quota: PLAN_PRICE, funding: 'wallet' });
    const text = renderLogContent(lines[0]?.content ?? '', 'en');
    expect(text).toContain(`Plan #${plan.id} was deleted before its payment was confirmed`);
    expect(renderLogContent(lines[0]?.content ?? '', 'zh')).toContain(`套餐 #${plan.id}`);
    // The inviter's rebate is earned once, as for any paid order.
    expect(await rebatesOf(inviterId)).toEqual([PLAN_PRICE / 10]);
  });

  it("puts a deleted org's top-up on the payer's wallet once, and says so", async () => {
    const { payer, inviterId } = await invitedPayer();
    const orgId = await orgWithMembers(payer, [], `gone-${gateway.name}`);
    const confirm = await gateway.orgOrder(payer.client, orgId, 2);
    expect((await payer.client.delete(`/api/org/${orgId}`)).json.success).toBe(true);

    await Promise.all([confirm(), confirm(), confirm()]);
    await confirm();

    expect(await userQuota(server.db, payer.user.id)).toBe(2 * 500_000);
    const org = await server.db
      .selectFrom('orgs')
      .select('quota')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(Number(org.quota)).toBe(0);
    const lines = await topUpLines(payer.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quota: 1_000_000, funding: 'wallet' });
    const text = renderLogContent(lines[0]?.content ?? '', 'en');
    expect(text).toContain(`Organization #${orgId} was deleted before its payment was confirmed`);
    expect(renderLogContent(lines[0]?.content ?? '', 'zh')).toContain(`组织 #${orgId}`);
    expect(await rebatesOf(inviterId)).toEqual([100_000]);
  });
});
