// A remote team works alone (issue 29, point 7): a developer points one remote of a running console
// at their own server with a localStorage entry in their own browser, sees a badge while it is in
// force and clears it; a link cannot set one, and an origin the server does not allow is refused.
// The "dev server" here is the second account build (global-setup), served on another loopback port.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { REMOTE_OVERRIDES_KEY } from '@switchyard/contracts';
import { NEXT_ACCOUNT_BUILD, REMOTES_DIR } from '../support/env';

const BUILD_DIR = path.join(REMOTES_DIR, `account-${NEXT_ACCOUNT_BUILD}`);
let server: Server;
let origin: string;

test.beforeAll(async () => {
  // Like a remote's dev server: its files, with CORS for any console.
  server = createServer((request, response) => {
    const file = path.join(
      BUILD_DIR,
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    );
    if (!file.startsWith(BUILD_DIR) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.css')
        ? 'text/css'
        : 'application/json';
    response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Hosts of the manifests the page asks for. */
function manifestRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('mf-manifest.json')) seen.push(request.url());
  });
  return seen;
}

const accountBuild = (page: Page) => page.locator('[data-remote="account"]').first();

test('an override in my own browser swaps one remote for my server, with a badge, until cleared', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(accountBuild(page)).toBeVisible();
  const ownBuild = await accountBuild(page).getAttribute('data-build');
  expect(ownBuild).not.toBe(NEXT_ACCOUNT_BUILD);
  await expect(page.getByTestId('remote-override-badge')).toHaveCount(0);

  const manifests = manifestRequests(page);
  await page.evaluate(
    ([key, entry]) => localStorage.setItem(key, JSON.stringify({ account: entry })),
    [REMOTE_OVERRIDES_KEY, `${origin}/mf-manifest.json`] as const,
  );
  await page.reload();
  await expect(accountBuild(page)).toHaveAttribute('data-build', NEXT_ACCOUNT_BUILD);
  await expect(page.getByTestId('login-username')).toBeVisible();
  expect(manifests).toContain(`${origin}/mf-manifest.json`);
  const badge = page.getByTestId('remote-override-badge');
  await expect(badge).toContainText(`开发覆盖：account 来自 ${origin}/mf-manifest.json`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(badge).toBeInViewport();
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="remote-override-badge"]')
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }

  // The other remotes still come from the server.
  await page.goto('/pricing');
  expect(manifests.some((url) => url.endsWith('/remotes/billing/mf-manifest.json'))).toBe(true);
  await expect(badge).toBeVisible();

  await page.getByTestId('remote-override-clear').click();
  await expect(badge).toHaveCount(0);
  await page.goto('/login');
  await expect(accountBuild(page)).toHaveAttribute('data-build', ownBuild ?? '');
  expect(await page.evaluate((key) => localStorage.getItem(key), REMOTE_OVERRIDES_KEY)).toBeNull();
});

test('a link cannot set an override, and an origin the server does not allow is refused', async ({
  page,
}) => {
  const manifests = manifestRequests(page);
  const entry = encodeURIComponent(JSON.stringify({ account: `${origin}/mf-manifest.json` }));
  await page.goto(`/login?${REMOTE_OVERRIDES_KEY}=${entry}#${REMOTE_OVERRIDES_KEY}=${entry}`);
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expect(accountBuild(page)).not.toHaveAttribute('data-build', NEXT_ACCOUNT_BUILD);
  await expect(page.getByTestId('remote-override-badge')).toHaveCount(0);
  expect(manifests.filter((url) => url.startsWith(origin))).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), REMOTE_OVERRIDES_KEY)).toBeNull();

  // Another loopback address, but not an allowed origin (default: localhost and 127.0.0.1).
  const elsewhere = origin.replace('127.0.0.1', '127.0.0.2');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, JSON.stringify({ account: value })),
    [REMOTE_OVERRIDES_KEY, `${elsewhere}/mf-manifest.json`] as const,
  );
  await page.reload();
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expect(accountBuild(page)).not.toHaveAttribute('data-build', NEXT_ACCOUNT_BUILD);
  expect(manifests.filter((url) => url.startsWith(elsewhere))).toEqual([]);
  await expect(page.getByTestId('remote-override-refused-account')).toContainText(
    `已拒绝覆盖 account：${elsewhere}/mf-manifest.json 不在允许的来源内`,
  );
  await page.getByTestId('remote-override-clear').click();
  await expect(page.getByTestId('remote-override-badge')).toHaveCount(0);
});
