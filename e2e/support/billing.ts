// Billing journeys' helpers: root's API session for options, channel rows for the pricing page,
// and a fake epay gateway on 127.0.0.1 that takes the payment form and sends the notify callback.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env';

/** An API session signed in as root (for options the journeys change and restore). */
export async function rootApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  const reply = await api.post('/api/user/login', {
    data: { username: 'root', password: '123456' },
  });
  expect((await reply.json()).success).toBe(true);
  return api;
}

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

/** Writes a channel and its abilities straight into the server's SQLite file (the channels
 * console is another team's); returns a function that removes them again. */
export function insertChannel(models: string[], groups: string[]): () => void {
  const db = new Database(path.join(E2E_DATA_DIR, 'switchyard.db'));
  try {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO channels (type, key, name, status, created_time, models, "group")
         VALUES (1, 'sk-e2e', 'e2e pricing', 1, 0, ?, ?)`,
      )
      .run(models.join(','), groups.join(','));
    const id = Number(lastInsertRowid);
    const ability = db.prepare(
      'INSERT INTO abilities ("group", model, channel_id, enabled) VALUES (?, ?, ?, 1)',
    );
    for (const model of models) for (const group of groups) ability.run(group, model, id);
    return () => {
      const cleanup = new Database(path.join(E2E_DATA_DIR, 'switchyard.db'));
      cleanup.prepare('DELETE FROM abilities WHERE channel_id = ?').run(id);
      cleanup.prepare('DELETE FROM channels WHERE id = ?').run(id);
      cleanup.close();
    };
  } finally {
    db.close();
  }
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
