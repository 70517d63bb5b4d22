// A small OpenAI-style provider on 127.0.0.1 for channel tests: model list and billing endpoints.
import type { ServerResponse } from 'node:http';
import { startLoopbackServer } from '../fakes/loopback-server';

export interface FakeAccount {
  /** Models listed by GET /v1/models. */
  models: string[];
  hardLimitUsd: number;
  /** Usage in cents, as OpenAI reports it. */
  totalUsageCents: number;
  hasPaymentMethod?: boolean;
}

export interface FakeUpstream {
  baseUrl: string;
  /** Accounts by API key; a request with any other key gets a 401. */
  accounts: Map<string, FakeAccount>;
  requests: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const accounts = new Map<string, FakeAccount>();
  const requests: FakeUpstream['requests'] = [];
  const { url: baseUrl, close } = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
    });
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const account = accounts.get(key);
    if (!account) {
      reply(res, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      return;
    }
    if (url.pathname === '/v1/models') {
      reply(res, 200, {
        object: 'list',
        data: account.models.map((id) => ({ id, object: 'model', owned_by: 'fake' })),
      });
    } else if (url.pathname === '/v1/dashboard/billing/subscription') {
      reply(res, 200, {
        object: 'billing_subscription',
        has_payment_method: account.hasPaymentMethod ?? false,
        hard_limit_usd: account.hardLimitUsd,
        soft_limit_usd: account.hardLimitUsd,
      });
    } else if (url.pathname === '/v1/dashboard/billing/usage') {
      if (!url.searchParams.get('start_date') || !url.searchParams.get('end_date')) {
        reply(res, 400, { error: { message: 'start_date and end_date are required' } });
        return;
      }
      reply(res, 200, { object: 'list', total_usage: account.totalUsageCents });
    } else {
      reply(res, 404, { error: { message: 'not found' } });
    }
  });
  return { baseUrl, accounts, requests, close };
}
