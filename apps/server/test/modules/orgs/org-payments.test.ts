// Org wallets topped up online (issue 32): `org_id` on POST /api/user/pay (epay) and POST
// /api/user/stripe/pay; the confirmed payment credits the org's wallet once with a top-up line
// (type 1, funding org:<id>) in the org's log and rebates the payer's inviter; a plain member or
// a stranger is refused before any order is written.
import {
  LogType,
  orgFunding,
  type Page,
  type PaymentForm,
  type StripeCheckout,
  type WalletHistoryEntry,
} from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeCheckoutSession, signedSessionEvent } from '../../fakes/stripe-api';
import { userQuota } from '../../helpers/billing';
import { type OrgMember, orgWithMembers, signedIn } from '../../helpers/orgs';
import {
  epayNotifyUrl,
  STRIPE_WEBHOOK_SECRET,
  stripeWebhook,
  usePaymentServer,
} from '../../helpers/payments';

const payments = usePaymentServer({ AffiliateRebatePercent: '10' });
const { server } = payments;
const PAID = { payment_status: 'paid' as const, status: 'complete' as const };

interface Team {
  orgId: number;
  owner: OrgMember;
  admin: OrgMember;
  member: OrgMember;
}

async function team(): Promise<Team> {
  const [owner, admin, member] = [
    await signedIn(server),
    await signedIn(server),
    await signedIn(server),
  ];
  const orgId = await orgWithMembers(owner, [admin, member]);
  const promoted = await owner.client.put(`/api/org/${orgId}/member/${admin.user.id}`, {
    role: 'admin',
  });
  expect(promoted.json.success, promoted.json.message).toBe(true);
  return { orgId, owner, admin, member };
}

async function orgQuota(orgId: number): Promise<number> {
  const row = await server.db
    .selectFrom('orgs')
    .select('quota')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.quota);
}

const orgTopUps = (orgId: number) =>
  server.db
    .selectFrom('logs')
    .selectAll()
    .where('funding', '=', orgFunding(orgId))
    .where('type', '=', LogType.topup)
    .execute();

const orders = (userId: number) =>
  server.db.selectFrom('top_ups').select('id').where('user_id', '=', userId).execute();

describe('org top-up online', () => {
  it('by epay: the owner pays, the same notify 3× credits the org once with one log line', async () => {
    const { orgId, owner } = await team();
    const inviter = await signedIn(server);
    await server.db
      .updateTable('users')
      .set({ inviter_id: inviter.user.id })
      .where('id', '=', owner.user.id)
      .execute();
    const reply = await owner.client.post<PaymentForm>('/api/user/pay', {
      amount: 2,
      payment_method: 'wx',
      org_id: orgId,
    });
    expect(reply.json.success, reply.json.message).toBe(true);
    const form = reply.json.data as PaymentForm;
    expect(form.fields).toMatchObject({ money: '14.60', type: 'wxpay' });
    const url = epayNotifyUrl(form);
    expect((await server.client().get(epayNotifyUrl(form, {}, 'wrong-key'))).text).toBe('fail');
    const replies = await Promise.all([1, 2, 3].map(() => server.client().get(url)));
    for (const answer of replies) expect(answer.text).toBe('success');

    expect(await orgQuota(orgId)).toBe(2 * 500_000);
    expect(await userQuota(server.db, owner.user.id)).toBe(0);
    const lines = await orgTopUps(orgId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ user_id: owner.user.id, quota: 1_000_000 });
    const log = await owner.client.get<{ items: { type: number; quota: number }[] }>(
      `/api/org/${orgId}/log`,
    );
    expect(log.json.data?.items).toEqual([
      expect.objectContaining({ type: LogType.topup, quota: 1_000_000 }),
    ]);
    const rebates = await server.db
      .selectFrom('affiliate_rebates')
      .selectAll()
      .where('inviter_id', '=', inviter.user.id)
      .execute();
    expect(rebates.map((row) => Number(row.quota))).toEqual([100_000]);
    // The payer's history names the org the payment went to (the org's log holds the credit).
    const history = await owner.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(history.json.data?.items).toEqual([
      expect.objectContaining({ target: 'org', target_id: orgId, status: 'success' }),
    ]);
  });

  it('through Stripe: an admin pays, the event twice and out of order credits once', async () => {
    const { orgId, admin } = await team();
    const reply = await admin.client.post<StripeCheckout>('/api/user/stripe/pay', {
      amount: 3,
      org_id: orgId,
    });
    expect(reply.json.success, reply.json.message).toBe(true);
    const created = payments.stripe.sessions.at(-1) as FakeCheckoutSession;
    expect(created.amount_total).toBe(276);
    const succeeded = signedSessionEvent(
      created,
      'checkout.session.async_payment_succeeded',
      PAID,
      STRIPE_WEBHOOK_SECRET,
    );
    const completed = signedSessionEvent(
      created,
      'checkout.session.completed',
      PAID,
      STRIPE_WEBHOOK_SECRET,
    );
    const forged = signedSessionEvent(created, 'checkout.session.completed', PAID, 'whsec_other');
    expect((await stripeWebhook(server, forged)).statusCode).toBe(400);
    expect(await orgQuota(orgId)).toBe(0);
    for (const event of [succeeded, completed, completed]) {
      expect((await stripeWebhook(server, event)).statusCode).toBe(200);
    }
    expect(await orgQuota(orgId)).toBe(3 * 500_000);
    expect(await orgTopUps(orgId)).toHaveLength(1);
    expect(await userQuota(server.db, admin.user.id)).toBe(0);
  });

  it('refuses a plain member (403) and a stranger (404) before writing an order', async () => {
    const { orgId, member } = await team();
    const stranger = await signedIn(server);
    const byMember = await member.client.post('/api/user/pay', {
      amount: 2,
      payment_method: 'zfb',
      org_id: orgId,
    });
    expect(byMember.status).toBe(403);
    const byMemberStripe = await member.client.post('/api/user/stripe/pay', {
      amount: 2,
      org_id: orgId,
    });
    expect(byMemberStripe.status).toBe(403);
    const byStranger = await stranger.client.post('/api/user/pay', {
      amount: 2,
      payment_method: 'zfb',
      org_id: orgId,
    });
    expect(byStranger.status).toBe(404);
    const noOrg = await stranger.client.post('/api/user/stripe/pay', {
      amount: 2,
      org_id: 999_999,
    });
    expect(noOrg.status).toBe(404);
    expect(await orders(member.user.id)).toHaveLength(0);
    expect(await orders(stranger.user.id)).toHaveLength(0);
    const bad = await member.client.post('/api/user/pay', {
      amount: 2,
      payment_method: 'zfb',
      org_id: 'x',
    });
    expect(bad.status).toBe(400);
  });
});
