// The API reference (issue 29): admins read GET /api/openapi.json in a viewer that is fetched only
// on that page, and nothing on the page is loaded from outside this server.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { registerUser, sidebarKeys, signIn, uniqueName } from '../support/console';

/** A string only the viewer's bundle holds (a class of Scalar's root element). */
const VIEWER_MARK = 'scalar-app';

async function signInAsRoot(page: Page): Promise<void> {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
}

/** Every URL the page requests from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Of the scripts requested, those that carry the viewer. */
async function viewerScripts(page: Page, urls: string[]): Promise<string[]> {
  const scripts = [...new Set(urls.filter((url) => new URL(url).pathname.endsWith('.js')))];
  const carrying: string[] = [];
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    if (body.includes(VIEWER_MARK)) carrying.push(new URL(url).pathname);
  }
  return carrying;
}

test('an admin opens the API reference from the sidebar; nothing leaves loopback', async ({
  page,
}) => {
  const urls = recordRequests(page);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signInAsRoot(page);
  expect(await sidebarKeys(page)).toContain('apiReference');
  await page.getByTestId('nav-apiReference').click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.locator('main h1')).toHaveText('API reference');
  const viewer = page.getByTestId('api-reference-viewer');
  // The server's document: its title, and its endpoints grouped by domain.
  await expect(viewer).toContainText('Switchyard management API', { timeout: 20_000 });
  // Each operation says who may call it (the first domain, account, opens with sign-in: guests).
  await expect(
    viewer.getByText(/Open to guests\.|Needs role (user|admin|root) \(\d+\) or above/).first(),
  ).toBeVisible();
  await expect(viewer).toContainText('redemptions');
  // The console's title is the page's one h1; the viewer's headings sit below it.
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(viewer.locator('h2', { hasText: 'Switchyard management API' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const outside = urls.filter((url) => {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:') return false;
    return hostname !== '127.0.0.1' && hostname !== 'localhost';
  });
  expect(outside).toEqual([]);
  expect((await viewerScripts(page, urls)).length).toBeGreaterThan(0);
});

test('no other page fetches the viewer, and an ordinary user cannot open it', async ({ page }) => {
  const urls = recordRequests(page);
  await signInAsRoot(page);
  for (const path of ['/setting?tab=operation', '/setting?tab=system', '/setting?tab=other']) {
    await page.goto(path);
    await expect(page.locator('[data-remote="settings"]').first()).toBeVisible();
  }
  for (const path of ['/log', '/channel', '/audit', '/user']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(urls.some((url) => url.includes('/remotes/settings/'))).toBe(true);
  expect(await viewerScripts(page, urls)).toEqual([]);

  const username = uniqueName('ref');
  await registerUser(page.request, username, 'password-123');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username, 'password-123');
  await expect(page).toHaveURL(/\/token$/);
  expect(await sidebarKeys(page)).not.toContain('apiReference');
  const reply = await page.request.get('/api/openapi.json');
  expect(reply.status()).toBeGreaterThanOrEqual(400);
  urls.length = 0;
  await page.goto('/api-reference');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('api-reference-viewer')).toHaveCount(0);
  expect(urls.some((url) => url.includes('/remotes/settings/'))).toBe(false);
});

test('the reference has no serious axe finding on a phone and a desktop, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsRoot(page);
  for (const [width, theme] of [
    [1280, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((mode) => localStorage.setItem('theme-mode', mode), theme);
    await page.goto('/api-reference');
    await expect(page.getByTestId('api-reference-viewer')).toContainText(
      'Switchyard management API',
      { timeout: 20_000 },
    );
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
    expect(serious, `${width} px, ${theme}`).toEqual([]);
  }
});
