// GET /api/user/topup/self: a user's own redeemed codes and top-up orders, newest first.
import type { Page, PaymentForm, WalletHistoryEntry } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/billing';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

beforeAll(async () => {
  for (const [key, value] of Object.entries({
    PayAddress: 'http://127.0.0.1:9/pay/',
    ServerAddress: 'http://console.example',
    EpayId: '1001',
    EpayKey: 'merchant-secret-key',
    Price: '7.3',
    MinTopUp: '1',
    DisplayInCurrencyEnabled: 'true',
  })) {
    await server.runtime.options.set(key as 'Price', value);
  }
});

async function createCode(name: string, quota: number): Promise<string> {
  const { client } = await signedInUser(server, { role: 10 });
  const reply = await client.post<string[]>('/api/redemption/', { name, quota, count: 1 });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data?.[0] as string;
}

describe('wallet history', () => {
  it("lists the user's redeemed codes and top-up orders, newest first, and nobody else's", async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    const first = await createCode('first', 250_000);
    const second = await createCode('second', 1_000_000);
    expect((await alice.client.post('/api/user/topup', { key: first })).json.success).toBe(true);
    expect((await alice.client.post('/api/user/topup', { key: second })).json.success).toBe(true);
    const pay = await alice.client.post<PaymentForm>('/api/user/pay', {
      amount: 3,
      top_up_code: '',
      payment_method: 'wx',
    });
    expect(pay.json.success, pay.json.message).toBe(true);
    // Distinct times, so the order is the history's and not the insert order.
    await server.db
      .updateTable('redemptions')
      .set({ redeemed_time: 1_000 })
      .where('key', '=', first)
      .execute();
    await server.db
      .updateTable('redemptions')
      .set({ redeemed_time: 3_000 })
      .where('key', '=', second)
      .execute();
    await server.db
      .updateTable('top_ups')
      .set({ create_time: 2_000 })
      .where('user_id', '=', alice.user.id)
      .execute();

    const reply = await alice.client.get<Page<WalletHistoryEntry>>(
      '/api/user/topup/self?p=0&size=10',
    );
    expect(reply.json.success, reply.json.message).toBe(true);
    const page = reply.json.data as Page<WalletHistoryEntry>;
    expect(page.total).toBe(3);
    expect(page.items).toMatchObject([
      { kind: 'redemption', time: 3_000, quota: 1_000_000, money: 0, status: 'success' },
      {
        kind: 'topup',
        time: 2_000,
        quota: 1_500_000,
        money: 21.9,
        payment_method: 'wx',
        status: 'pending',
      },
      { kind: 'redemption', time: 1_000, quota: 250_000, status: 'success' },
    ]);

    const paged = await alice.client.get<Page<WalletHistoryEntry>>(
      '/api/user/topup/self?p=1&size=2',
    );
    expect(paged.json.data).toMatchObject({ total: 3, items: [{ time: 1_000 }] });

    const other = await bob.client.get<Page<WalletHistoryEntry>>('/api/user/topup/self');
    expect(other.json.data).toMatchObject({ total: 0, items: [] });
  });

  it('needs a session and refuses a bad page size with 400', async () => {
    const anonymous = await server.client().get('/api/user/topup/self');
    expect(anonymous.status).toBe(401);
    const { client } = await signedInUser(server);
    const bad = await client.get('/api/user/topup/self?size=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
  });
});
