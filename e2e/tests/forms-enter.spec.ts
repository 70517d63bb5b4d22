// Enter in a form's field submits it, as users expect: sign-in, sign-up, the token and redemption
// code drawers (whose save button sits in the drawer's footer, outside the form) and the wallet's
// redeem box. Each journey types into the real console and presses Enter, never clicks submit.
import { expect, type Page, test } from '@playwright/test';
import { registerUser, uniqueName } from '../support/console';

const PASSWORD = 'password-123';

async function signInWithEnter(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
}

test('sign-up and sign-in submit with Enter', async ({ page }) => {
  const username = uniqueName('enter');
  await page.goto('/register');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password2').fill(PASSWORD);
  await page.getByTestId('register-password2').press('Enter');
  // Registration signs in (issue 34); sign out to sign in with Enter.
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  await signInWithEnter(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('Enter in the token drawer saves the token; in the redeem box it redeems', async ({
  page,
  request,
}) => {
  const username = uniqueName('enter');
  await registerUser(request, username, PASSWORD);
  await signInWithEnter(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);

  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill('typed');
  await page.getByTestId('token-name').press('Enter');
  await expect(page.getByTestId('token-row-typed')).toBeVisible();
  await page.getByTestId('quickstart-done').click();

  // An empty name is refused under the field, and nothing is written.
  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill('');
  await page.getByTestId('token-name').press('Enter');
  await expect(page.locator('.arco-form-message').first()).toBeVisible();
  await expect(page.locator('[data-testid^="token-row-"]')).toHaveCount(1);

  await page.goto('/topup');
  await page.getByTestId('redeem-code').fill('not-a-code');
  const redeemed = page.waitForRequest(
    (sent) => sent.method() === 'POST' && sent.url().endsWith('/api/user/topup'),
  );
  await page.getByTestId('redeem-code').press('Enter');
  expect((await redeemed).postDataJSON()).toEqual({ key: 'not-a-code' });
});

test('Enter in the redemption code drawer creates the code', async ({ page }) => {
  await page.goto('/login');
  await signInWithEnter(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await page.goto('/redemption');
  const name = uniqueName('enter');
  await page.getByTestId('code-add').click();
  await page.getByTestId('code-name').fill(name);
  await page.getByTestId('code-name').press('Enter');
  await expect(page.locator('.arco-modal')).toContainText('下载');
  await page.locator('.arco-modal').getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(1);
});
