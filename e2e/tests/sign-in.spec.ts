// Root's first sign-in and an ordinary user's sign-in: what each sees and what each browser loads.
import { expect, test } from '@playwright/test';
import { registerUser, sidebarKeys, signIn, uniqueName } from '../support/console';

test('root signs in, is urged to change the default password, sees the admin sidebar, signs out', async ({
  page,
}) => {
  await signIn(page, 'root', '123456');
  const modal = page.getByTestId('default-password-modal');
  await expect(modal).toBeVisible();
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);

  expect(await sidebarKeys(page)).toEqual([
    'home',
    'channel',
    'token',
    'playground',
    'redemption',
    'topup',
    'plans',
    'plan',
    'pricing',
    'status',
    'user',
    'log',
    'detail',
    'midjourney',
    'task',
    'audit',
    'org',
    'apiReference',
    'setting',
  ]);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  expect(await sidebarKeys(page)).not.toContain('channel');
});

test('a registered user signs in without admin items and never loads admin remotes', async ({
  page,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/([^/]+)\//);
    if (match?.[1]) remoteRequests.push(match[1]);
  });

  const username = uniqueName('u');
  await page.goto('/register?aff=NOPE');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill('password-123');
  await page.getByTestId('register-password2').fill('password-123');
  await page.getByTestId('register-submit').click();
  // Registration signs in (issue 34): Home, with the first-run checklist, no second password.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('first-run-checklist')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, username, 'password-123');
  await expect(page).toHaveURL(/\/token$/);
  expect(await sidebarKeys(page)).toEqual([
    'home',
    'token',
    'playground',
    'topup',
    'plans',
    'pricing',
    'status',
    'log',
    'detail',
    'midjourney',
    'task',
    'org',
    'setting',
  ]);

  // An admin page typed into the address bar is not reachable and fetches nothing.
  await page.goto('/channel');
  await expect(page.getByTestId('not-found').getByText('页面不存在')).toBeVisible();
  await page.goto('/setting?tab=operation');
  await expect(page.getByTestId('page-area')).toBeVisible();

  expect(remoteRequests).toContain('account');
  expect(remoteRequests).not.toContain('channels');
  expect(remoteRequests).not.toContain('settings');
});

test('registration refuses mismatched passwords with the spec message', async ({ page }) => {
  await page.goto('/register');
  await page.getByTestId('register-username').fill(uniqueName('m'));
  await page.getByTestId('register-password').fill('password-123');
  await page.getByTestId('register-password2').fill('password-456');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});

test('a signed-in user whose session ended is sent to login with the expired message', async ({
  page,
  request,
}) => {
  const username = uniqueName('x');
  await registerUser(request, username, 'password-123');
  await signIn(page, username, 'password-123');
  await expect(page).toHaveURL(/\/token$/);
  // The console is left before the cookie goes: a request of the old page sent after it would be
  // answered 401 there, and that page would sign out and move on by itself (racing the next load,
  // which would then start as a guest). The next load starts with the user stored, no session.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/token');
  await expect(page).toHaveURL(/\/login\?expired=true/);
  await expect(page.getByText('未登录或登录已过期，请重新登录！')).toBeVisible();
});
