// Online payment test helpers: options for epay and Stripe, the epay gateway's signed notify
// callback, and a Stripe webhook delivery (with fakes/stripe-api.ts as the loopback Stripe).

import { createHash } from 'node:crypto';
import type { PaymentForm } from '@switchyard/contracts';
import type { OptionKey } from '@switchyard/contracts/options';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe-api';
import type { TestServer } from './server';
import { type SharedTestServer, useTestServer } from './test-server';

export const EPAY_KEY = 'merchant-secret-key';
export const STRIPE_SECRET_KEY = 'sk_test_switchyard_fake_key';
export const STRIPE_WEBHOOK_SECRET = 'whsec_switchyard_fake_secret';

export async function setOptions(server: TestServer, values: Partial<Record<OptionKey, string>>) {
  for (const [key, value] of Object.entries(values)) {
    expect(await server.runtime.options.set(key as OptionKey, value), key).toBe(true);
  }
}

/** epay at 7.3 a dollar and Stripe at 0.92 EUR a dollar, both through loopback addresses. */
export const paymentOptions = (stripeApiBase: string): Partial<Record<OptionKey, string>> => ({
  PayAddress: 'http://127.0.0.1:9/pay',
  EpayId: '1001',
  EpayKey: EPAY_KEY,
  ServerAddress: 'http://console.example',
  Price: '7.3',
  MinTopUp: '1',
  StripeSecretKey: STRIPE_SECRET_KEY,
  StripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  StripeCurrency: 'eur',
  StripeUnitPrice: '0.92',
  StripeApiBase: stripeApiBase,
});

/** The gateway's signed success callback for a payment form (md5 of sorted fields + key). */
export function epayNotifyUrl(
  form: PaymentForm,
  overrides: Record<string, string> = {},
  key = EPAY_KEY,
): string {
  const fields: Record<string, string> = {
    pid: form.fields.pid ?? '',
    trade_no: `GW${form.fields.out_trade_no}`,
    out_trade_no: form.fields.out_trade_no ?? '',
    type: form.fields.type ?? '',
    name: form.fields.name ?? '',
    money: form.fields.money ?? '',
    trade_status: 'TRADE_SUCCESS',
    ...overrides,
  };
  const text = Object.keys(fields)
    .filter((name) => fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  const sign = createHash('md5')
    .update(text + key)
    .digest('hex');
  return `/api/user/epay/notify?${new URLSearchParams({ ...fields, sign, sign_type: 'MD5' })}`;
}

/** Delivers a signed Stripe event to the webhook as Stripe does (raw JSON body). */
export const stripeWebhook = (server: TestServer, event: { body: string; signature: string }) =>
  server.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
    },
    payload: event.body,
  });

export interface PaymentServer {
  server: SharedTestServer;
  /** The loopback Stripe; set once the file's first beforeAll has run. */
  stripe: FakeStripe;
}

/**
 * A test file's server with both gateways configured (epay, and Stripe on a loopback fake started
 * for the file) plus `extra` options; both are closed after the file's last test.
 */
export function usePaymentServer(extra: Partial<Record<OptionKey, string>> = {}): PaymentServer {
  const payments = { server: useTestServer() } as PaymentServer;
  beforeAll(async () => {
    payments.stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    await setOptions(payments.server, { ...paymentOptions(payments.stripe.url), ...extra });
  });
  afterAll(() => payments.stripe?.close());
  return payments;
}
