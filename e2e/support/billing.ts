// Billing journeys' helpers: root's API session for options and channels for the pricing page,
// and a fake epay gateway on 127.0.0.1 that takes the payment form and sends the notify callback.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiSession } from './admin-api';

/** An API session signed in as root (for options the journeys change and restore), sending
 * New-Api-User like the console. */
export const rootApi = (): Promise<APIRequestContext> => apiSession();

export async function setOption(api: APIRequestContext, key: string, value: string) {
  const body = await (await api.put('/api/option/', { data: { key, value } })).json();
  expect(body.success, body.message).toBe(true);
}

export async function getOptions(api: APIRequestContext): Promise<Record<string, string>> {
  const body = await (await api.get('/api/option/')).json();
  return Object.fromEntries(
    (body.data as { key: string; value: string }[]).map((entry) => [entry.key, entry.value]),
  );
}

const epaySign = (fields: Record<string, string>, key: string): string =>
  createHash('md5')
    .update(
      Object.keys(fields)
        .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
        .sort()
        .map((name) => `${name}=${fields[name]}`)
        .join('&') + key,
    )
    .digest('hex');

export interface FakeEpay {
  url: string;
  /** Payment forms received, with whether their signature was valid. */
  orders: { fields: Record<string, string>; validSign: boolean; notified: string }[];
  close: () => Promise<void>;
}

/** A gateway like epay's submit.php: verifies the form, "pays" at once, calls notify_url. */
export async function startFakeEpay(pid: string, key: string): Promise<FakeEpay> {
  const orders: FakeEpay['orders'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/submit.php')) {
        res.writeHead(404).end();
        return;
      }
      const fields = Object.fromEntries(new URLSearchParams(body));
      const validSign = fields.pid === pid && fields.sign === epaySign(fields, key);
      let notified = '';
      if (validSign) {
        const callback: Record<string, string> = {
          pid,
          trade_no: `FAKE${Date.now()}`,
          out_trade_no: fields.out_trade_no ?? '',
          type: fields.type ?? '',
          name: fields.name ?? '',
          money: fields.money ?? '',
          trade_status: 'TRADE_SUCCESS',
        };
        const query = new URLSearchParams({
          ...callback,
          sign: epaySign(callback, key),
          sign_type: 'MD5',
        });
        notified = await (await fetch(`${fields.notify_url}?${query}`)).text();
      }
      orders.push({ fields, validSign, notified });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><body><h1 data-testid="fake-epay">fake epay</h1>
         <p data-testid="fake-epay-money">${fields.money ?? ''}</p>
         <p data-testid="fake-epay-result">${notified}</p></body></html>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
