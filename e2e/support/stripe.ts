// A fake Stripe on 127.0.0.1 for the wallet journey: the SDK's POST /v1/checkout/sessions (form
// body, Bearer secret key) answers a session whose url is this fake's own "checkout page"; opening
// that page "pays": it sends the signed checkout.session.completed webhook to the server, then
// sends the browser back to the session's success_url, as Stripe does.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeCheckout {
  url: string;
  sessions: { id: string; currency: string; amount_total: number; webhook: number }[];
  close: () => Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
};

/** Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the webhook secret>. */
const stripeSignature = (payload: string, secret: string): string => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
};

export async function startFakeStripeCheckout(options: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
}): Promise<FakeStripeCheckout> {
  const sessions: FakeStripeCheckout['sessions'] = [];
  const stored = new Map<string, Record<string, unknown>>();
  let base = '';
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bad key' } }));
        return;
      }
      const form = new URLSearchParams(body);
      const id = `cs_test_${randomBytes(8).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `${base}/pay/${id}`,
        mode: form.get('mode'),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        client_reference_id: form.get('client_reference_id'),
        metadata: { trade_no: form.get('metadata[trade_no]') ?? '' },
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.get('success_url') ?? '',
      };
      stored.set(id, session);
      sessions.push({
        id,
        currency: session.currency,
        amount_total: session.amount_total,
        webhook: 0,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(session));
      return;
    }
    const session = url.pathname.startsWith('/pay/')
      ? stored.get(url.pathname.slice(5))
      : undefined;
    if (req.method === 'GET' && session) {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, payment_status: 'paid', status: 'complete' } },
      });
      const reply = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(payload, options.webhookSecret),
        },
        body: payload,
      });
      const entry = sessions.find((item) => item.id === session.id);
      if (entry) entry.webhook = reply.status;
      res.writeHead(303, { location: String(session.success_url) });
      res.end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
