// The sign-in form sent with /login itself: it shows and takes typing before the console's code has
// arrived (here the account remote is held back), and the console's own form takes over what the
// user did there: the values, the field they were in, and a submit they already asked for.
import { expect, type Page, test } from '@playwright/test';
import { registerUser, uniqueName } from '../support/console';

/** Holds every request for the account remote until `release` is called. */
async function holdAccountRemote(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remotes/account/**', async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

const pageForm = (page: Page) => page.locator('#sy-sign-in');

/** Opens /login while the account remote is held: the page's load event waits for the remote's
 * scripts (the shell runs them as they arrive), so only the document is waited for. */
const openHeld = (page: Page) => page.goto('/login', { waitUntil: 'domcontentloaded' });

test.use({ locale: 'en-US' });

test('a submit in the page’s form before the console has loaded signs in once it has', async ({
  page,
}) => {
  const username = uniqueName('first');
  await registerUser(page.request, username, 'password123');
  const held = await holdAccountRemote(page);
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/login')) logins.push(request.method());
  });
  await openHeld(page);
  await expect(pageForm(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('login-username')).toBeHidden();

  await pageForm(page).getByLabel('Username').fill(username);
  await pageForm(page).getByLabel('Password').fill('password123');
  await pageForm(page).getByLabel('Password').press('Enter');
  // Nothing is sent, and the page stays, until the console's form has taken over.
  await page.waitForTimeout(300);
  expect(logins).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);

  held.release();
  await expect(page).toHaveURL(/\/token$/);
  await expect(pageForm(page)).toHaveCount(0);
  expect(logins).toEqual(['POST']);
});

test('what was typed, and the field being typed in, carry over to the console’s form', async ({
  page,
}) => {
  const held = await holdAccountRemote(page);
  await openHeld(page);
  await pageForm(page).getByLabel('Username').fill('someone');
  await pageForm(page).getByLabel('Password').click();
  await page.keyboard.type('pa');

  held.release();
  const password = page.getByTestId('login-password');
  await expect(password).toBeFocused();
  await expect(page.getByTestId('login-username')).toHaveValue('someone');
  await expect(password).toHaveValue('pa');
  await expect(pageForm(page)).toHaveCount(0);
  // Typing goes on in the console's field.
  await page.keyboard.type('ss');
  await expect(password).toHaveValue('pass');
});

test('the page’s form follows the saved language and theme, as the console does', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'zh');
    localStorage.setItem('theme-mode', 'dark');
  });
  const held = await holdAccountRemote(page);
  await openHeld(page);
  await expect(pageForm(page).getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(pageForm(page).getByLabel('用户名')).toHaveAttribute('placeholder', '用户名或邮箱');
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  const background = await pageForm(page)
    .locator('.sy-si-card')
    .evaluate((card) => getComputedStyle(card).backgroundColor);
  expect(background).toBe('rgb(35, 35, 36)');

  held.release();
  await expect(page.getByTestId('login-username')).toHaveAttribute('placeholder', '用户名或邮箱');
  await expect(pageForm(page)).toHaveCount(0);
});

test('when the sign-in module cannot load, the page’s form gives way to the retry card', async ({
  page,
}) => {
  await page.route('**/remotes/account/**', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(pageForm(page)).toHaveCount(0);
});
