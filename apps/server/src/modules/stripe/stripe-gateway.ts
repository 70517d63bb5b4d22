// The two calls Switchyard makes of Stripe, through its SDK: create a Checkout Session, and verify
// and parse a webhook. The SDK is loaded on first use (most nodes never take a Stripe payment), and
// its host, port and protocol come from StripeApiBase so a proxy or a test can stand in.
import type Stripe from 'stripe';

type StripeClass = typeof import('stripe').default;

let loading: Promise<StripeClass> | undefined;
const loadStripe = (): Promise<StripeClass> => {
  loading ??= import('stripe').then((module) => module.default);
  return loading;
};

/** Currencies Stripe counts in whole units (no cents): amounts are sent as they are. */
const ZERO_DECIMAL = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);

/** An amount in a currency's major unit (10.5 USD) as Stripe's integer minor units (1050). */
export function toMinorUnits(money: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? Math.round(money) : Math.round(money * 100);
}

export interface CheckoutInput {
  secretKey: string;
  apiBase: string;
  currency: string;
  /** In the currency's minor units. */
  unitAmount: number;
  productName: string;
  tradeNo: string;
  topUpId: number;
  successUrl: string;
  cancelUrl: string;
}

function connection(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase || 'https://api.stripe.com');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Creates the Checkout Session of one top-up order; returns its id and the page to open. */
export async function createCheckoutSession(
  input: CheckoutInput,
): Promise<{ id: string; url: string }> {
  const StripeSdk = await loadStripe();
  const stripe = new StripeSdk(input.secretKey, {
    ...connection(input.apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: input.tradeNo,
      metadata: { trade_no: input.tradeNo, top_up_id: String(input.topUpId) },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: input.unitAmount,
            product_data: { name: input.productName },
          },
        },
      ],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    // A retried create of the same order gets the same session, never a second one.
    { idempotencyKey: input.tradeNo },
  );
  return { id: session.id, url: session.url ?? '' };
}

/** The event of a webhook whose Stripe-Signature matches the raw body; throws when it does not. */
export async function verifiedEvent(
  rawBody: Buffer,
  signature: string,
  webhookSecret: string,
): Promise<Stripe.Event> {
  const StripeSdk = await loadStripe();
  return StripeSdk.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
