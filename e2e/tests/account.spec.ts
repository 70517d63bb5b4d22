// Account journeys: sign-up with a mailed code, GitHub binding through the fake OAuth, password
// change and reset by mailed link, and user administration down to a disabled user's session.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { FAKE_GITHUB, FAKE_GITHUB_CLIENT, readMail, SMTP_PORT_ENV } from '../support/account-fakes';
import { apiSession } from '../support/admin-api';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

let root: APIRequestContext;
const changed = new Map<string, string>();

async function setOption(key: string, value: string) {
  if (!changed.has(key)) {
    const all = await (await root.get('/api/option/')).json();
    const entry = (all.data as { key: string; value: string }[]).find((o) => o.key === key);
    changed.set(key, entry?.value ?? '');
  }
  const reply = await (await root.put('/api/option/', { data: { key, value } })).json();
  expect(reply.success, `${key}: ${reply.message}`).toBe(true);
}

test.beforeAll(async () => {
  root = await apiSession();
  await setOption('SMTPServer', '127.0.0.1');
  // Mail links are built from ServerAddress only (never from the request's Host).
  await setOption('ServerAddress', E2E_BASE_URL);
  await setOption('SMTPPort', process.env[SMTP_PORT_ENV] ?? '');
  await setOption('GitHubClientId', FAKE_GITHUB_CLIENT.id);
  await setOption('GitHubClientSecret', FAKE_GITHUB_CLIENT.secret);
});

test.afterAll(async () => {
  // Switches first (they may depend on the values), then the values themselves.
  const order = [...changed.keys()].sort(
    (a, b) => Number(b.endsWith('Enabled')) - Number(a.endsWith('Enabled')),
  );
  for (const key of order) {
    await root.put('/api/option/', { data: { key, value: changed.get(key) ?? '' } });
  }
  await root.dispose();
});

const codeIn = (body: string) => /<strong>([A-Za-z0-9]{6})<\/strong>/.exec(body)?.[1] ?? '';

/** The text box of an Arco input, whether the test id sits on the wrapper or on the box. */
const inputOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test('register with a mailed code, sign in, bind GitHub, change the password, sign in again', async ({
  page,
}) => {
  await setOption('EmailVerificationEnabled', 'true');
  await setOption('GitHubOAuthEnabled', 'true');
  try {
    const username = uniqueName('mail');
    const email = `${username}@example.com`;
    await page.goto('/register');
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('first-pass-1');
    await page.getByTestId('register-password2').fill('first-pass-1');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-send-code').click();
    await expect(page.getByTestId('register-send-code')).toContainText('(2');
    const code = codeIn((await readMail(email)).body);
    expect(code).toHaveLength(6);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-submit').click();
    // With the code checked, nothing is pending: the new account is signed in on Home.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('first-run-checklist')).toBeVisible();

    await signOut(page);
    await signIn(page, username, 'first-pass-1');
    await expect(page).toHaveURL(/\/token$/);

    await page.goto('/setting?tab=personal');
    await page.getByTestId('personal-bind-github').click();
    await expect(page).toHaveURL(/\/setting\?tab=personal$/);
    await expect(page.getByTestId('personal-github')).toHaveText(String(FAKE_GITHUB.id));

    await page.getByTestId('personal-current-password').fill('first-pass-1');
    await page.getByTestId('personal-password').fill('second-pass-2');
    await page.getByTestId('personal-password2').fill('second-pass-2');
    await page.getByTestId('personal-password-submit').click();
    await expect(page.getByText('密码修改成功！')).toBeVisible();

    await signOut(page);
    await signIn(page, username, 'first-pass-1');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, username, 'second-pass-2');
    await expect(page).toHaveURL(/\/token$/);
  } finally {
    await setOption('EmailVerificationEnabled', 'false');
    await setOption('GitHubOAuthEnabled', 'false');
  }
});

test('bind an email, then reset the forgotten password by the mailed link', async ({ page }) => {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  await registerUser(page.request, username, 'forgot-me-1');
  await signIn(page, username, 'forgot-me-1');
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/setting?tab=personal');
  await page.getByTestId('bind-email').fill(email);
  await page.getByTestId('bind-send-code').click();
  await page.getByTestId('bind-code').fill(codeIn((await readMail(email)).body));
  await page.getByTestId('bind-email-submit').click();
  await expect(page.getByTestId('personal-email')).toHaveText(email);
  await signOut(page);

  await page.goto('/reset');
  await page.getByTestId('reset-email').fill(email);
  await page.getByTestId('reset-submit').click();
  const href = /href="([^"]+)"/.exec((await readMail(email, /href=/)).body)?.[1] ?? '';
  const link = new URL(href.replace(/&#38;|&amp;/g, '&'));
  expect(link.pathname).toBe('/user/reset');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('reset-confirm').click();
  const password = await page.getByTestId('reset-new-password').inputValue();
  expect(password).toHaveLength(12);

  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/token$/);
});

test('admin finds a user, adds quota, disables them (their session ends) and enables them', async ({
  page,
  browser,
}) => {
  const username = uniqueName('admin');
  await registerUser(page.request, username, 'user-pass-1');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, username, 'user-pass-1');
  await expect(userPage).toHaveURL(/\/token$/);

  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/user');
  await expect(page.getByTestId('users-page')).toBeVisible();
  await inputOf(page, 'users-search').fill(username);
  await inputOf(page, 'users-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${username}`));
  await expect(page.getByTestId(`user-name-${username}`)).toBeVisible();

  await page.getByTestId(`user-edit-${username}`).click();
  await expect(page).toHaveURL(/\/user\/edit\/\d+$/);
  // Currency display is on: the addition is typed in dollars ($2 = 1000000 quota).
  await inputOf(page, 'edit-add-quota').fill('2');
  await page.getByTestId('edit-submit').click();
  await expect(page).toHaveURL(/\/user$/);
  await inputOf(page, 'users-search').fill(username);
  await inputOf(page, 'users-search').press('Enter');
  await expect(page.getByTestId(`user-quota-${username}`)).toContainText('$2.00');

  await page.getByTestId(`user-disable-${username}`).click();
  await expect(page.getByTestId(`user-status-${username}`)).toHaveText('已封禁');
  await userPage.getByTestId('nav-setting').click();
  await expect(userPage).toHaveURL(/\/login\?expired=true/);

  await page.getByTestId(`user-enable-${username}`).click();
  await expect(page.getByTestId(`user-status-${username}`)).toHaveText('已激活');
  await signIn(userPage, username, 'user-pass-1');
  await expect(userPage).toHaveURL(/\/token$/);
  await userContext.close();
});
