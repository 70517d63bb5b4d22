// Referral rebates: each confirmed online payment of an invitee credits AffiliateRebatePercent of
// the quota it bought to the inviter's aff_quota, exactly once per payment, also under 50 racing
// (and replayed) gateway callbacks; GET /api/user/aff/history lists them; the transfer spends them.
import { createHash } from 'node:crypto';
import type { AffiliateRebateView, Page, PaymentForm } from '@switchyard/contracts';
import type { OptionKey } from '@switchyard/contracts/options';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, userQuota } from '../../helpers/billing';
import type { TestClient } from '../../helpers/client';
import { useTestServer } from '../../helpers/test-server';

const EPAY_KEY = 'merchant-secret-key';

async function setOptions(values: Partial<Record<OptionKey, string>>) {
  for (const [key, value] of Object.entries(values)) {
    expect(await server.runtime.options.set(key as OptionKey, value), key).toBe(true);
  }
}

const server = useTestServer();

beforeAll(async () => {
  await setOptions({
    PayAddress: 'http://127.0.0.1:9/pay',
    EpayId: '1001',
    EpayKey: EPAY_KEY,
    ServerAddress: 'http://console.example',
    Price: '7.3',
    MinTopUp: '1',
    AffiliateRebatePercent: '10',
  });
});

/** The gateway's signed success callback for a payment form (md5 of sorted fields + key). */
function paidCallback(form: PaymentForm): string {
  const fields: Record<string, string> = {
    pid: form.fields.pid ?? '',
    trade_no: `GW${form.fields.out_trade_no}`,
    out_trade_no: form.fields.out_trade_no ?? '',
    type: form.fields.type ?? '',
    name: form.fields.name ?? '',
    money: form.fields.money ?? '',
    trade_status: 'TRADE_SUCCESS',
  };
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  const sign = createHash('md5')
    .update(text + EPAY_KEY)
    .digest('hex');
  return `/api/user/epay/notify?${new URLSearchParams({ ...fields, sign, sign_type: 'MD5' })}`;
}

async function inviteePaying(inviterId: number, amount: number): Promise<string> {
  const { client, user } = await signedInUser(server);
  await server.db
    .updateTable('users')
    .set({ inviter_id: inviterId })
    .where('id', '=', user.id)
    .execute();
  const reply = await client.post<PaymentForm>('/api/user/pay', { amount, payment_method: 'zfb' });
  expect(reply.json.success, reply.json.message).toBe(true);
  return paidCallback(reply.json.data as PaymentForm);
}

async function affQuota(id: number) {
  const row = await server.db
    .selectFrom('users')
    .select(['aff_quota', 'aff_history_quota'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { aff: Number(row.aff_quota), history: Number(row.aff_history_quota) };
}

const history = (client: TestClient, query = '') =>
  client.get<Page<AffiliateRebateView>>(`/api/user/aff/history${query}`);

describe('referral rebates', () => {
  it('50 concurrent payments of invitees, each callback sent twice, credit exactly 50 rebates', async () => {
    const inviter = await signedInUser(server);
    const callbacks: string[] = [];
    for (let i = 0; i < 50; i += 1) callbacks.push(await inviteePaying(inviter.user.id, 2));
    const replies = await Promise.all(
      [...callbacks, ...callbacks].map((url) => server.client().get(url)),
    );
    for (const reply of replies) expect(reply.text).toBe('success');
    // 2 dollars = 1,000,000 quota bought each; 10% of it is the rebate.
    expect(await affQuota(inviter.user.id)).toEqual({ aff: 50 * 100_000, history: 50 * 100_000 });
    expect(await userQuota(server.db, inviter.user.id)).toBe(0);
    const rows = await server.db
      .selectFrom('affiliate_rebates')
      .selectAll()
      .where('inviter_id', '=', inviter.user.id)
      .execute();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => Number(row.top_up_id))).size).toBe(50);

    const page = await history(inviter.client, '?p=0&size=20');
    expect(page.json.success, page.text).toBe(true);
    expect(page.json.data?.total).toBe(50);
    expect(page.json.data?.items).toHaveLength(20);
    expect(page.json.data?.items[0]).toMatchObject({ quota: 100_000, payment_method: 'zfb' });
    expect(page.json.data?.items[0]?.invitee_username).not.toBe('');
  });

  it('the transfer moves rebates to the balance; no inviter or 0% credits nothing', async () => {
    const inviter = await signedInUser(server);
    const url = await inviteePaying(inviter.user.id, 10);
    expect((await server.client().get(url)).text).toBe('success');
    expect((await affQuota(inviter.user.id)).aff).toBe(500_000);
    const transfer = await inviter.client.post('/api/user/aff_transfer', { quota: 500_000 });
    expect(transfer.json.success, transfer.json.message).toBe(true);
    expect(await userQuota(server.db, inviter.user.id)).toBe(500_000);
    expect((await affQuota(inviter.user.id)).aff).toBe(0);

    const loner = await signedInUser(server);
    const own = await loner.client.post<PaymentForm>('/api/user/pay', {
      amount: 3,
      payment_method: 'wx',
    });
    expect((await server.client().get(paidCallback(own.json.data as PaymentForm))).text).toBe(
      'success',
    );
    await setOptions({ AffiliateRebatePercent: '0' });
    try {
      const unpaidShare = await inviteePaying(inviter.user.id, 4);
      expect((await server.client().get(unpaidShare)).text).toBe('success');
    } finally {
      await setOptions({ AffiliateRebatePercent: '10' });
    }
    expect((await affQuota(inviter.user.id)).history).toBe(500_000);
    expect((await history(inviter.client)).json.data?.total).toBe(1);
    expect((await history(loner.client)).json.data).toMatchObject({ total: 0, items: [] });
  });

  it('refuses an out-of-range percentage and a bad page', async () => {
    const admin = server.client();
    expect(await server.runtime.options.set('AffiliateRebatePercent', '101')).toBe(false);
    const { client } = await signedInUser(server);
    expect((await history(client, '?p=x')).status).toBe(400);
    expect((await admin.get('/api/user/aff/history')).status).toBe(401);
  });
});
