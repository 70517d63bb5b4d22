// "Fetch model list" on a channel not saved yet: the server asks a loopback upstream that sends no
// CORS headers (as nearly every provider), and the editor merges the answer as the admin chooses.
import type { IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import {
  type LoopbackServer,
  startLoopbackServer,
} from '../../apps/server/test/fakes/loopback-server';
import { consoleHeaders } from '../support/admin-api';
import { signIn, uniqueName } from '../support/console';

const KEY = 'sk-e2e-models';
let upstream: LoopbackServer;
const seen: { path: string; authorization: string | undefined }[] = [];

test.beforeAll(async () => {
  upstream = await startLoopbackServer((request: IncomingMessage, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    seen.push({ path, authorization: request.headers.authorization });
    // No Access-Control-* header: a browser could not read this reply.
    response.writeHead(request.headers.authorization === `Bearer ${KEY}` ? 200 : 401, {
      'content-type': 'application/json',
    });
    response.end(
      request.headers.authorization === `Bearer ${KEY}`
        ? JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o' }, { id: 'up-model-a' }] })
        : JSON.stringify({ error: { message: 'Incorrect API key provided' } }),
    );
  });
});
test.afterAll(async () => {
  await upstream.close();
});

test('a new channel fetches its models through the server and merges them', async ({ page }) => {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
  const fromBrowser: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(upstream.url)) fromBrowser.push(request.url());
  });

  await page.goto('/channel/add');
  const name = uniqueName('models');
  await page.getByTestId('channel-name').fill(name);
  await page.getByTestId('channel-base-url').fill(`${upstream.url}/`);

  // A wrong key: one error naming the upstream's status.
  await page.getByTestId('channel-key').fill('sk-wrong');
  await page.getByTestId('channel-fetch-models').click();
  await expect(
    page.getByText('获取模型列表失败：HTTP 401: Incorrect API key provided'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('channel-key').fill(KEY);
  await page.getByTestId('channel-fetch-models').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('merge-added')).toContainText('up-model-a');
  await expect(dialog.getByTestId('merge-kept')).toContainText('gpt-4o');
  await dialog.getByRole('button', { name: '应用' }).click();
  await expect(page.getByTestId('channel-models')).toContainText('up-model-a');

  expect(seen.at(-1)).toEqual({ path: '/v1/models', authorization: `Bearer ${KEY}` });
  expect(fromBrowser).toEqual([]);

  await page.getByTestId('channel-submit').click();
  await expect(page).toHaveURL(/\/channel$/);
  const found = await page.request.get('/api/channel/search', { params: { keyword: name } });
  const items = (await found.json()).data.items as { id: number; models: string }[];
  expect(items.map((item) => item.models.split(','))).toEqual([
    expect.arrayContaining(['gpt-4o', 'up-model-a']),
  ]);
  const headers = await consoleHeaders(page.request);
  await page.request.post('/api/channel/batch', {
    data: { ids: items.map((item) => item.id) },
    headers,
  });
});
