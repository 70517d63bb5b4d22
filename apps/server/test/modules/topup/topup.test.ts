// Online top-up through epay: price quote, signed payment form, notify callback exactly once.
import { createHash } from 'node:crypto';
import { LogType, type PaymentForm } from '@switchyard/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, userQuota } from '../../helpers/billing';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;

const EPAY_KEY = 'merchant-secret-key';
const PAYMENT_OPTIONS = {
  PayAddress: 'http://127.0.0.1:9/pay/',
  EpayId: '1001',
  EpayKey: EPAY_KEY,
  ServerAddress: 'http://console.example',
  Price: '7.3',
  MinTopUp: '1',
  CustomCallbackAddress: '',
  TopupGroupRatio: '{"default":1,"vip":0.5}',
  DisplayInCurrencyEnabled: 'true',
} as const;

async function setOptions(values: Partial<Record<keyof typeof PAYMENT_OPTIONS, string>>) {
  for (const [key, value] of Object.entries(values)) {
    expect(await server.runtime.options.set(key as keyof typeof PAYMENT_OPTIONS, value)).toBe(true);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  server = await ctx.start();
});
afterEach(() => setOptions(PAYMENT_OPTIONS));
afterAll(() => ctx.close());

/** Signs like a real epay gateway: md5 of the sorted non-empty fields joined with & plus the key. */
function gatewaySign(fields: Record<string, string>, key = EPAY_KEY): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key)
    .digest('hex');
}

function notifyUrl(form: PaymentForm, overrides: Record<string, string> = {}, key = EPAY_KEY) {
  const fields: Record<string, string> = {
    pid: form.fields.pid as string,
    trade_no: `GW${Date.now()}`,
    out_trade_no: form.fields.out_trade_no as string,
    type: form.fields.type as string,
    name: form.fields.name as string,
    money: form.fields.money as string,
    trade_status: 'TRADE_SUCCESS',
    ...overrides,
  };
  const query = new URLSearchParams({
    ...fields,
    sign: gatewaySign(fields, key),
    sign_type: 'MD5',
  });
  return `/api/user/epay/notify?${query}`;
}

async function payingUser(amount = 10, group?: string) {
  await setOptions(PAYMENT_OPTIONS);
  const session = await signedInUser(server);
  if (group) {
    await server.db.updateTable('users').set({ group }).where('id', '=', session.user.id).execute();
  }
  const reply = await session.client.post<PaymentForm>('/api/user/pay', {
    amount,
    top_up_code: '',
    payment_method: 'zfb',
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return { ...session, form: reply.json.data as PaymentForm };
}

describe('quote', () => {
  it('prices amount × Price × the group top-up ratio, in the normal envelope', async () => {
    await setOptions(PAYMENT_OPTIONS);
    const { client, user } = await signedInUser(server);
    const reply = await client.post('/api/user/amount', { amount: 10, top_up_code: '' });
    expect(reply.json).toMatchObject({ success: true, data: 73 });
    await server.db.updateTable('users').set({ group: 'vip' }).where('id', '=', user.id).execute();
    expect((await client.post('/api/user/amount', { amount: 3 })).json.data).toBe(10.95);
  });

  it('refuses amounts below MinTopUp and a disabled online top-up', async () => {
    await setOptions({ ...PAYMENT_OPTIONS, MinTopUp: '5' });
    const { client } = await signedInUser(server);
    const low = await client.post('/api/user/amount', { amount: 4 });
    expect(low.json).toMatchObject({
      success: false,
      message: 'Top-up amount cannot be less than 5',
    });
    await setOptions({ EpayKey: '' });
    const off = await client.post('/api/user/amount', { amount: 10 });
    expect(off.json).toMatchObject({
      success: false,
      message: 'Administrator has not enabled online top-up!',
    });
    const pay = await client.post('/api/user/pay', { amount: 10, payment_method: 'wx' });
    expect(pay.json.success).toBe(false);
    expect(await server.db.selectFrom('top_ups').select('id').execute()).toHaveLength(0);
  });

  it('rejects a bad payment method or amount with 400', async () => {
    const { client } = await signedInUser(server);
    expect((await client.post('/api/user/pay', { amount: 10, payment_method: 'btc' })).status).toBe(
      400,
    );
    expect((await client.post('/api/user/amount', { amount: 0 })).status).toBe(400);
    expect((await client.post('/api/user/amount', { amount: 1.5 })).status).toBe(400);
  });
});

describe('pay', () => {
  it('returns a signed epay form and stores a pending order', async () => {
    const { form, user } = await payingUser(10);
    expect(form.url).toBe('http://127.0.0.1:9/pay/submit.php');
    expect(form.fields).toMatchObject({
      pid: '1001',
      type: 'alipay',
      money: '73.00',
      notify_url: 'http://console.example/api/user/epay/notify',
      return_url: 'http://console.example/log',
      sign_type: 'MD5',
    });
    expect(form.fields.sign).toBe(gatewaySign(form.fields));
    const order = await server.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', form.fields.out_trade_no as string)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: user.id,
      amount: 10,
      money: 73,
      status: 'pending',
      payment_method: 'zfb',
    });
  });

  it('sends the notify URL to CustomCallbackAddress when set', async () => {
    await setOptions({ ...PAYMENT_OPTIONS, CustomCallbackAddress: 'https://callback.example/' });
    const { client } = await signedInUser(server);
    const reply = await client.post<PaymentForm>('/api/user/pay', {
      amount: 2,
      payment_method: 'wx',
    });
    expect(reply.json.data?.fields).toMatchObject({
      type: 'wxpay',
      notify_url: 'https://callback.example/api/user/epay/notify',
      return_url: 'http://console.example/log',
    });
  });
});

describe('notify', () => {
  it('a valid callback credits the order once and writes a top-up log', async () => {
    const { form, user } = await payingUser(10);
    const reply = await server.client().get(notifyUrl(form));
    expect(reply.text).toBe('success');
    expect(await userQuota(server.db, user.id)).toBe(10 * 500000);
    const logs = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: LogType.topup, quota: 5000000 });
    const order = await server.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', form.fields.out_trade_no as string)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('success');
    expect(order.complete_time).toBeGreaterThan(0);
  });

  it('accepts the callback as a form-encoded POST too, once', async () => {
    const { form, user } = await payingUser(2);
    const fields = new URL(notifyUrl(form), 'http://local').searchParams.toString();
    const post = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/user/epay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: fields,
      });
    const first = await post();
    expect(first.body).toBe('success');
    expect((await post()).body).toBe('success');
    expect(await userQuota(server.db, user.id)).toBe(2 * 500000);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/user/epay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.replace(/money=[^&]*/, 'money=999.00'),
    });
    expect(forged.body).toBe('fail');
    expect(await userQuota(server.db, user.id)).toBe(2 * 500000);
  });

  it('the same callback replayed 10 times concurrently credits once', async () => {
    const { form, user } = await payingUser(3);
    const url = notifyUrl(form);
    const replies = await Promise.all(Array.from({ length: 10 }, () => server.client().get(url)));
    for (const reply of replies) expect(reply.text).toBe('success');
    expect(await userQuota(server.db, user.id)).toBe(3 * 500000);
    const logs = await server.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(logs).toHaveLength(1);
  });

  it('a bad signature, another merchant or another amount credits nothing', async () => {
    const { form, user } = await payingUser(5);
    const forged = [
      notifyUrl(form, {}, 'wrong-key'),
      notifyUrl(form, { pid: '9999' }),
      notifyUrl(form, { money: '0.01' }),
      notifyUrl(form, { out_trade_no: 'unknown-order' }),
      `${notifyUrl(form).replace(/sign=[0-9a-f]+/, 'sign=00')}`,
    ];
    for (const url of forged) expect((await server.client().get(url)).text).toBe('fail');
    expect((await server.client().get(notifyUrl(form, { trade_status: 'WAIT' }))).text).toBe(
      'success',
    );
    expect(await userQuota(server.db, user.id)).toBe(0);
    const order = await server.db
      .selectFrom('top_ups')
      .select('status')
      .where('trade_no', '=', form.fields.out_trade_no as string)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    expect(
      await server.db.selectFrom('logs').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
  });
});
