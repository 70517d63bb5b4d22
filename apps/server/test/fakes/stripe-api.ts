// A loopback stand-in for the part of Stripe's API the SDK calls for Checkout: POST
// /v1/checkout/sessions, form-encoded with bracketed keys, authenticated by `Bearer <secret key>`,
// answering a checkout.session object; and webhooks signed the way Stripe signs them.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { readBody, requestLine, startLoopbackServer } from './loopback-server';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  /** The product name of the one line item. */
  product: string;
}

export interface FakeStripe {
  url: string;
  sessions: FakeCheckoutSession[];
  /** Authorization headers seen, in order. */
  authorizations: string[];
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions: FakeCheckoutSession[] = [];
  const authorizations: string[] = [];
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  const answer = async (request: Parameters<Parameters<typeof startLoopbackServer>[0]>[0]) => {
    const line = requestLine(request);
    const auth = String(request.headers.authorization ?? '');
    authorizations.push(auth);
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    if (auth !== `Bearer ${secretKey}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    }
    if (line.method !== 'POST' || line.path !== '/v1/checkout/sessions') {
      return json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized URL' } });
    }
    const key = String(request.headers['idempotency-key'] ?? '');
    const known = key ? byIdempotencyKey.get(key) : undefined;
    if (known) return json(200, known);
    const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
    const unit = Number(form.get('line_items[0][price_data][unit_amount]'));
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: form.get('mode') ?? '',
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      amount_total: unit * quantity,
      client_reference_id: form.get('client_reference_id'),
      metadata,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      product: form.get('line_items[0][price_data][product_data][name]') ?? '',
    };
    sessions.push(session);
    if (key) byIdempotencyKey.set(key, session);
    return json(200, session);
  };
  const server = await startLoopbackServer(async (request, response) => {
    const { status, body } = await answer(request);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
    response.end(body);
  });
  return { url: server.url, sessions, authorizations, close: server.close };
}

let eventSequence = 0;

/** A webhook event about a session, as Stripe sends it: the JSON body and its Stripe-Signature. */
export function signedSessionEvent(
  session: FakeCheckoutSession,
  type: string,
  changes: Partial<FakeCheckoutSession>,
  webhookSecret: string,
): { body: string; signature: string } {
  eventSequence += 1;
  const event = {
    id: `evt_test_${eventSequence}_${randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    data: { object: { ...session, ...changes } },
  };
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: webhookSecret,
  });
  return { body, signature };
}
