// axe on the console's public pages in the light and the dark theme: no serious or critical
// violation. (The signed-in list pages still have violations inside arco's own table, pagination
// and switch markup; they join this list once fixed.)
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const GUEST_ROUTES = ['/', '/login', '/register', '/reset', '/about', '/pricing'];

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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme);
    });

    test('guest pages have no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(120_000);
      const found: Record<string, string[]> = {};
      for (const route of GUEST_ROUTES) {
        await page.goto(route);
        found[route] = await seriousViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(GUEST_ROUTES.map((route) => [route, []])));
    });
  });
}
