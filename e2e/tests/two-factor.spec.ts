// The second factor in the browser (issue 33): turn it on in personal settings (QR code, secret,
// recovery codes), then a password sign-in asks for the authenticator's code before the console
// opens, and the session shows in the session list.
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { registerUser, signIn, uniqueName } from '../support/console';

const codeOf = (secret: string): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate();

test('turn the second factor on, then sign in with a code', async ({ page, request }) => {
  test.setTimeout(120_000);
  const username = uniqueName('tfa');
  const password = 'password-2fa';
  await registerUser(request, username, password);
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/token$/);

  await page.goto('/setting?tab=personal');
  await page.getByTestId('personal-2fa-setup').click();
  const secret = (await page.getByTestId('personal-2fa-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expect(page.getByTestId('personal-2fa').locator('svg').first()).toBeVisible();
  const enableCode = codeOf(secret);
  await page.getByTestId('personal-2fa-code').fill(enableCode);
  await page.getByTestId('personal-2fa-enable').click();
  await expect(page.getByTestId('personal-2fa-recovery')).toContainText(/[0-9a-f]{5}-[0-9a-f]{5}/);
  await expect(page.getByTestId('personal-2fa-status')).toHaveText('已启用');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, username, password);
  await expect(page.getByTestId('login-2fa')).toBeVisible();
  // A code is single-use within its step: wait for the authenticator's next one.
  await expect
    .poll(() => codeOf(secret), { timeout: 35_000, intervals: [1000] })
    .not.toBe(enableCode);
  await page.getByTestId('login-2fa-code').fill(codeOf(secret));
  await page.getByTestId('login-2fa-submit').click();
  await expect(page).toHaveURL(/\/token$/);

  await page.goto('/setting?tab=personal');
  await expect(page.getByTestId('personal-sessions')).toContainText('当前会话');
});
