// axe on every page of the console in the light and the dark theme: as a guest, as a signed-in
// user and as the super admin (every route of the shell's route table they may open, the settings
// tabs, and the token and redemption drawers open, one with a field error showing). No serious or
// critical violation anywhere.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { registerUser, signIn, uniqueName } from '../support/console';

const GUEST_ROUTES = ['/', '/login', '/register', '/reset', '/about', '/pricing'];
/** Every route a signed-in user may open (route table, spec §2), and the personal settings tab. */
const USER_ROUTES = [
  '/',
  '/token',
  '/playground',
  '/topup',
  '/pricing',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/status',
  '/chat',
  '/about',
  '/setting?tab=personal',
];
/** What the admin and the super admin open besides: the admin areas and the root-only tabs. */
const ROOT_ROUTES = [
  ...USER_ROUTES,
  '/channel',
  '/channel/add',
  '/redemption',
  '/user',
  '/user/edit',
  '/user/edit/1',
  '/setting?tab=operation',
  '/setting?tab=system',
  '/setting?tab=other',
];

async function seriousViolations(page: Page): Promise<string[]> {
  // The page is ready when a remote page (or the shell's own) has rendered into the page area.
  await expect(page.getByTestId('page-area')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    found[route] = await seriousViolations(page);
  }
  expect(found).toEqual(Object.fromEntries(routes.map((route) => [route, []])));
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme);
    });

    test('guest pages have no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(120_000);
      await checkRoutes(page, GUEST_ROUTES);
    });

    test("a signed-in user's pages and the token drawer have none", async ({ page, request }) => {
      test.setTimeout(240_000);
      const username = uniqueName('a11y');
      await registerUser(request, username, 'password-123');
      await signIn(page, username, 'password-123');
      await expect(page).toHaveURL(/\/token$/);
      await checkRoutes(page, USER_ROUTES);

      await page.goto('/token');
      await page.getByTestId('token-add').click();
      await expect(page.getByTestId('token-name')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the super admin's pages and the redemption drawer with a field error have none", async ({
      page,
    }) => {
      test.setTimeout(360_000);
      await signIn(page, 'root', '123456');
      await page.getByTestId('default-password-later').click();
      await expect(page).toHaveURL(/\/token$/);
      await checkRoutes(page, ROOT_ROUTES);

      await page.goto('/redemption');
      await page.getByTestId('code-add').click();
      await page.getByTestId('code-submit').click();
      await expect(page.locator('.arco-form-message').first()).toBeVisible();
      // Measured at rest: the pointer off the button it clicked, the message's fade-in finished.
      await page.mouse.move(0, 0);
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      // Arco starts a message's fade-in a frame later than the animations above can see: wait
      // until every field error and every box around it are fully opaque.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const alerts = [...document.querySelectorAll('.arco-form-message [role="alert"]')];
            const opacities = alerts.map((alert) => {
              let opacity = 1;
              for (let node: Element | null = alert; node; node = node.parentElement) {
                opacity *= Number(getComputedStyle(node).opacity);
              }
              return opacity;
            });
            return alerts.length > 0 ? Math.min(...opacities) : 0;
          }),
        )
        .toBe(1);
      // Under a loaded machine the message can still be painting its last frame when axe reads
      // it: a real contrast defect stays, so asking again for a few seconds only waits out paint.
      await expect.poll(() => seriousViolations(page), { timeout: 10_000 }).toEqual([]);
    });
  });
}
