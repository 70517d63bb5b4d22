// Passkeys in the browser (issue 33), with Chromium's virtual authenticator (CDP `WebAuthn`):
// add one in personal settings, sign out, sign in from the login page without a username (no
// TOTP step), delete it, and a deleted passkey no longer signs in. Browsers refuse an IP address
// as the relying party, so this journey opens the console on localhost and sets ServerAddress
// to it.
import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { apiSession } from '../support/admin-api';
import { getOptions, setOption } from '../support/billing';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_PORT } from '../support/env';

const CONSOLE = `http://localhost:${E2E_PORT}`;
test.use({ baseURL: CONSOLE });

let root: APIRequestContext;
let serverAddress = '';

test.beforeAll(async () => {
  root = await apiSession();
  serverAddress = (await getOptions(root)).ServerAddress ?? '';
  await setOption(root, 'ServerAddress', CONSOLE);
});

test.afterAll(async () => {
  await setOption(root, 'ServerAddress', serverAddress);
  await root.dispose();
});

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test('add a passkey, sign in with it without a username, delete it', async ({ page }) => {
  test.setTimeout(90_000);
  const username = uniqueName('pk');
  const password = 'password-passkey';
  await registerUser(root, username, password);
  const authenticator = await virtualAuthenticator(page);

  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/setting?tab=personal');
  const section = page.getByTestId('personal-passkeys');
  await expect(section).toContainText('还没有通行密钥');
  await page.getByTestId('personal-passkey-name').fill('E2E laptop');
  await page.getByTestId('personal-passkey-add').click();
  await expect(section).toContainText('E2E laptop');
  await expect(section).toContainText('从未使用');
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe('localhost');

  await signOut(page);
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/setting?tab=personal');
  await expect(page.getByTestId('personal-username')).toHaveText(username);
  await expect(section).not.toContainText('从未使用');

  await section.getByRole('button', { name: '删除通行密钥 E2E laptop' }).click();
  await expect(section).toContainText('还没有通行密钥');

  // The authenticator still holds the credential; the server no longer knows it.
  await signOut(page);
  await page.getByTestId('login-passkey').click();
  await expect(page.getByText('通行密钥登录失败，请重试或使用其他方式登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
