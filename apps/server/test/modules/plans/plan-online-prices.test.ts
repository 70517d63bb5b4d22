// The buyable plans list says what each plan costs paid online (issue 31): the price's dollars ×
// epay's `Price` (yuan) and × `StripeUnitPrice` in the Stripe currency, each only while that
// gateway is configured, so the plan cards show the sum the gateway will ask for.
import type { PlanView } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/billing';
import type { TestClient } from '../../helpers/client';
import { paymentOptions, setOptions } from '../../helpers/payments';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await ctx.start();
  // No Checkout is opened here: the Stripe address is never called.
  await setOptions(server, paymentOptions('http://127.0.0.1:9'));
});
afterAll(() => ctx.close());

async function createPlan(name: string, price: number): Promise<PlanView> {
  const { client } = await signedInUser(server, { role: 100 });
  const reply = await client.post<PlanView>('/api/plan/', {
    name,
    price,
    duration_days: 30,
    limits: [{ period: 'day', quota: 20_000 }],
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as PlanView;
}

const buyable = async (client: TestClient, id: number) =>
  (await client.get<PlanView[]>('/api/plan/?available=true')).json.data?.find((p) => p.id === id);

describe('online prices of the buyable plans', () => {
  it('carries the epay and Stripe sums of each plan while each gateway is configured', async () => {
    // 2 dollars: 14.60 yuan at 7.3, 1.84 EUR at 0.92; 0.5 dollars: 3.65 and 0.46.
    const coder = await createPlan('Coder', 1_000_000);
    const lite = await createPlan('Lite', 250_000);
    const { client } = await signedInUser(server);
    expect(await buyable(client, coder.id)).toMatchObject({
      epay_money: 14.6,
      stripe_money: 1.84,
      stripe_currency: 'EUR',
    });
    expect(await buyable(client, lite.id)).toMatchObject({
      epay_money: 3.65,
      stripe_money: 0.46,
      stripe_currency: 'EUR',
    });

    await setOptions(server, { Price: '8', StripeUnitPrice: '1.1', StripeCurrency: 'usd' });
    expect(await buyable(client, coder.id)).toMatchObject({
      epay_money: 16,
      stripe_money: 2.2,
      stripe_currency: 'USD',
    });

    await setOptions(server, { StripeWebhookSecret: '' });
    const epayOnly = await buyable(client, coder.id);
    expect(epayOnly).toMatchObject({ epay_money: 16 });
    expect(epayOnly).not.toHaveProperty('stripe_money');
    expect(epayOnly).not.toHaveProperty('stripe_currency');

    await setOptions(server, { EpayKey: '' });
    const walletOnly = await buyable(client, coder.id);
    expect(walletOnly).toMatchObject({ id: coder.id, price: 1_000_000 });
    expect(walletOnly).not.toHaveProperty('epay_money');
    expect(walletOnly).not.toHaveProperty('stripe_money');
  });

  it('leaves out a sum under a cent, which no gateway takes', async () => {
    await setOptions(server, paymentOptions('http://127.0.0.1:9'));
    const tiny = await createPlan('Tiny', 100);
    const { client } = await signedInUser(server);
    const plan = await buyable(client, tiny.id);
    expect(plan).toMatchObject({ id: tiny.id });
    expect(plan).not.toHaveProperty('epay_money');
    expect(plan).not.toHaveProperty('stripe_money');
  });
});
