// Remotes are loaded at run time: a remote that is down only costs its page area, and a new build
// of a remote goes live by pointing /remotes.json at it, without rebuilding the shell.
import { expect, test } from '@playwright/test';
import { resetRemotes, writeRemotes } from '../support/console';
import { NEXT_ACCOUNT_BUILD } from '../support/env';

test.afterEach(() => resetRemotes());

test('a remote that is down shows a fallback with retry while the sidebar keeps working', async ({
  page,
}) => {
  await page.route('**/remotes/account/**', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('登录页 暂时不可用');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await page.getByTestId('nav-pricing').click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByTestId('nav-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

  // The remote comes back: retry loads it without a page reload.
  await page.goto('/login');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await page.unroute('**/remotes/account/**');
  await page.getByTestId('remote-fallback').getByRole('button').click();
  await expect(page.getByTestId('login-username')).toBeVisible();
});

test('a remote whose manifest is unreachable falls back too', async ({ page }) => {
  writeRemotes({ account: 'http://127.0.0.1:9/mf-manifest.json' });
  await page.goto('/register');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await expect(page.getByTestId('nav-home')).toBeVisible();
});

test('pointing /remotes.json at a new build of a remote changes the running console', async ({
  page,
}) => {
  await page.goto('/login');
  const root = page.locator('[data-remote="account"]').first();
  await expect(root).toBeVisible();
  const firstBuild = await root.getAttribute('data-build');
  expect(firstBuild).not.toBe(NEXT_ACCOUNT_BUILD);

  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
  });
  writeRemotes({ account: `/remotes/account-${NEXT_ACCOUNT_BUILD}/mf-manifest.json` });
  await page.reload();
  await expect(page.locator('[data-remote="account"]').first()).toHaveAttribute(
    'data-build',
    NEXT_ACCOUNT_BUILD,
  );
  expect(manifests).toContain(`/remotes/account-${NEXT_ACCOUNT_BUILD}/mf-manifest.json`);
  await expect(page.getByTestId('login-username')).toBeVisible();
});
