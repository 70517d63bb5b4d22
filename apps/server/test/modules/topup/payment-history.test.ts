// GET /api/user/topup/self lists every online payment of the caller with what it bought (issues 31
// and 32): a plan's order and an org's top-up name their plan and org, Stripe's in its currency,
// each in the currency it was paid in, and another user's orders never appear.
import type { Page, PaymentForm, PlanView, WalletHistoryEntry } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/billing';
import { orgWithMembers, signedIn } from '../../helpers/orgs';
import { epayNotifyUrl, setOptions, usePaymentServer } from '../../helpers/payments';

const payments = usePaymentServer({ DisplayInCurrencyEnabled: 'true' });
const { server } = payments;

async function createPlan(name: string): Promise<PlanView> {
  const { client } = await signedInUser(server, { role: 100 });
  const reply = await client.post<PlanView>('/api/plan/', {
    name,
    price: 1_000_000,
    duration_days: 30,
    limits: [{ period: 'day', quota: 20_000 }],
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as PlanView;
}

describe('payment history', () => {
  it('lists the plan, org and wallet orders of the payer with their targets, nobody else', async () => {
    const plan = await createPlan('Coder Pro');
    const payer = await signedIn(server);
    const stranger = await signedIn(server);
    const orgId = await orgWithMembers(payer, [], 'Acme Lab');

    const planForm = await payer.client.post<PaymentForm>('/api/subscription/', {
      plan_id: plan.id,
      payment_method: 'epay',
    });
    expect(planForm.json.success, planForm.json.message).toBe(true);
    const paid = await server.client().get(epayNotifyUrl(planForm.json.data as PaymentForm));
    expect(paid.text).toBe('success');
    const orgOrder = await payer.client.post('/api/user/stripe/pay', { amount: 3, org_id: orgId });
    expect(orgOrder.json.success, orgOrder.json.message).toBe(true);
    const walletOrder = await payer.client.post('/api/user/pay', {
      amount: 2,
      payment_method: 'wx',
    });
    expect(walletOrder.json.success, walletOrder.json.message).toBe(true);
    // The stranger's own order is theirs alone.
    expect(
      (await stranger.client.post('/api/user/pay', { amount: 1, payment_method: 'zfb' })).json
        .success,
    ).toBe(true);
    // Distinct times, so the list's order is the history's.
    for (const [time, where] of [
      [3_000, { plan_id: plan.id }],
      [2_000, { org_id: orgId }],
    ] as const) {
      const [column, value] = Object.entries(where)[0] as ['plan_id' | 'org_id', number];
      await server.db
        .updateTable('top_ups')
        .set({ create_time: time })
        .where(column, '=', value)
        .execute();
    }
    await server.db
      .updateTable('top_ups')
      .set({ create_time: 1_000 })
      .where('user_id', '=', payer.user.id)
      .where('plan_id', '=', 0)
      .where('org_id', '=', 0)
      .execute();

    const reply = await payer.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(reply.json.success, reply.json.message).toBe(true);
    const page = reply.json.data as Page<WalletHistoryEntry>;
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      expect.objectContaining({
        target: 'plan',
        target_id: plan.id,
        target_name: 'Coder Pro',
        quota: 1_000_000,
        money: 14.6,
        currency: 'CNY',
        payment_method: 'zfb',
        status: 'success',
        time: 3_000,
      }),
      expect.objectContaining({
        target: 'org',
        target_id: orgId,
        target_name: 'Acme Lab',
        quota: 1_500_000,
        money: 2.76,
        currency: 'EUR',
        payment_method: 'stripe',
        status: 'pending',
        time: 2_000,
      }),
      expect.objectContaining({
        target: 'wallet',
        target_id: 0,
        target_name: '',
        quota: 1_000_000,
        money: 14.6,
        currency: 'CNY',
        payment_method: 'wx',
        status: 'pending',
        time: 1_000,
      }),
    ]);

    // The currency is the order's: changing Stripe's since leaves what was paid as it was.
    await setOptions(server, { StripeCurrency: 'usd' });
    const after = await payer.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(after.json.data?.items.map((item) => item.currency)).toEqual(['CNY', 'EUR', 'CNY']);
    await setOptions(server, { StripeCurrency: 'eur' });

    const theirs = await stranger.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(theirs.json.data?.total).toBe(1);
    expect(theirs.json.data?.items).toEqual([
      expect.objectContaining({ target: 'wallet', money: 7.3, payment_method: 'zfb' }),
    ]);
  });

  it('keeps a paid order of a plan deleted since, without its name', async () => {
    const plan = await createPlan('Short lived');
    const payer = await signedIn(server);
    const form = await payer.client.post<PaymentForm>('/api/subscription/', {
      plan_id: plan.id,
      payment_method: 'epay',
    });
    expect(form.json.success, form.json.message).toBe(true);
    await server.db.deleteFrom('plans').where('id', '=', plan.id).execute();
    const page = (await payer.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self')).json
      .data;
    expect(page?.items).toEqual([
      expect.objectContaining({ target: 'plan', target_id: plan.id, target_name: '' }),
    ]);
  });
});
