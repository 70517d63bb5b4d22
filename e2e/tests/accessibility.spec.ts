// axe on every route of the shell's route table, as a guest, a signed-in user and the super admin
// (each the routes and settings tabs their role may open), in both themes, both languages, on a
// phone and a desktop (every pair of these covered): no serious or critical violation anywhere,
// and exactly one h1 per page, inside main. The token and redemption drawers (one with a field error showing) are checked too,
// and the org scope's pages with an org chosen.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Role } from '@switchyard/contracts';
import { ROUTES, SETTINGS_TABS } from '../../apps/shell/src/routes/route-table';
import { consoleHeaders } from '../support/admin-api';
import { registerUser, signIn, uniqueName } from '../support/console';

type Viewer = 'guest' | 'user' | 'root';

const roleOf: Record<Viewer, number | undefined> = {
  guest: undefined,
  user: Role.common,
  root: Role.root,
};

/** A route's path with sample parameters (`:id` → 1; `*` → an unknown path). */
const samplePath = (path: string): string =>
  path === '*' ? '/no-such-page' : path.replace(/:id\b/, '1');

/** Every route and settings tab a viewer may open, read from the shell's route table. */
function routesFor(viewer: Viewer): string[] {
  const role = roleOf[viewer];
  const may = (entry: { access: string; role?: number }) =>
    entry.access === 'open' || (role !== undefined && role >= (entry.role ?? Role.common));
  // Pages that only send the visitor on (OAuth callback) are checked where they land.
  const paths = ROUTES.filter((route) => may(route) && !route.path.startsWith('/oauth/')).map(
    (route) => samplePath(route.path),
  );
  const tabs = SETTINGS_TABS.filter(may).map((tab) => `/setting?tab=${tab.key}`);
  return [...paths.filter((path) => path !== '/setting' || tabs.length === 0), ...tabs];
}

async function findings(page: Page): Promise<string[]> {
  // The page is ready when a remote page (or the shell's own) has rendered into the page area,
  // beside the shell's h1.
  await expect(
    page.getByTestId('page-area').locator(':scope > :not([data-testid="page-title"])').first(),
  ).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  const headings = await page.evaluate(() => ({
    all: document.querySelectorAll('h1').length,
    inMain: document.querySelectorAll('main h1').length,
  }));
  if (headings.all !== 1 || headings.inMain !== 1) {
    serious.push(`h1: ${headings.all} on the page, ${headings.inMain} inside main`);
  }
  return serious;
}

async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    found[route] = await findings(page);
  }
  expect(found).toEqual(Object.fromEntries(routes.map((route) => [route, []])));
}

async function signInAs(page: Page, viewer: Viewer, request: Page['request']): Promise<void> {
  if (viewer === 'guest') return;
  if (viewer === 'root') {
    await signIn(page, 'root', '123456');
    await page.getByTestId('default-password-later').click();
  } else {
    const username = uniqueName('a11y');
    await registerUser(request, username, 'password-123');
    await signIn(page, username, 'password-123');
  }
  await expect(page).toHaveURL(/\/token$/);
}

const SCREENS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

// Every screen in both themes, each pair once with each language between them: every pair of
// screen, theme and language is covered in four runs rather than all eight combinations. Contrast
// follows the theme, layout the screen; the language changes only the words.
const COMBINATIONS = [
  { screen: SCREENS[0], theme: 'light', language: 'zh' },
  { screen: SCREENS[0], theme: 'dark', language: 'en' },
  { screen: SCREENS[1], theme: 'light', language: 'en' },
  { screen: SCREENS[1], theme: 'dark', language: 'zh' },
] as const;

for (const { screen, theme, language } of COMBINATIONS) {
  test.describe(`${screen.name}, ${theme} theme, ${language}`, () => {
    test.use({ viewport: screen.viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        ([mode, lang]) => {
          localStorage.setItem('theme-mode', mode);
          localStorage.setItem('lang', lang);
        },
        [theme, language] as const,
      );
    });

    for (const viewer of ['guest', 'user', 'root'] as const) {
      test(`every route a ${viewer} may open has one h1 and no serious axe finding`, async ({
        page,
      }) => {
        test.setTimeout(360_000);
        await signInAs(page, viewer, page.request);
        await checkRoutes(page, routesFor(viewer));
      });
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`drawers, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme);
    });

    test('the token drawer has no serious axe finding', async ({ page }) => {
      await signInAs(page, 'user', page.request);
      await page.goto('/token');
      await page.getByTestId('token-add').click();
      await expect(page.getByTestId('token-name')).toBeVisible();
      expect(await findings(page)).toEqual([]);
    });

    test('the redemption drawer with a field error has none', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAs(page, 'root', page.request);
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
      await expect.poll(() => findings(page), { timeout: 10_000 }).toEqual([]);
    });
  });
}

// The org scope's pages (issue 32): an owner with a pending invitation, the org chosen in the top
// bar, on a desktop and a phone, in both themes: the Logs and Dashboard pages with their scope
// tag and member filter, and the Organization page with its pending invitations.
for (const screen of SCREENS) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the org scope's pages have no serious axe finding (${screen.name}, ${theme})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(screen.viewport);
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme);
      await signInAs(page, 'user', page.request);
      const headers = await consoleHeaders(page.request);
      const orgName = uniqueName('a11y-org');
      const created = await page.request.post('/api/org/', {
        data: { name: orgName },
        headers,
      });
      const orgId = ((await created.json()) as { data: { id: number } }).data.id;
      const invitee = uniqueName('a11y');
      await registerUser(page.request, invitee, 'password-123');
      const invited = await page.request.post(`/api/org/${orgId}/invitation`, {
        data: { username: invitee, role: 'member' },
        headers,
      });
      expect(invited.ok()).toBe(true);
      await page.evaluate((id) => localStorage.setItem('org-scope', String(id)), orgId);
      const found: Record<string, string[]> = {};
      for (const [route, ready] of [
        ['/log', 'logs-scope'],
        ['/detail', 'dashboard-scope'],
        ['/organization', 'org-pending-invitations'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByTestId(ready)).toBeVisible();
        if (route !== '/organization') await expect(page.getByTestId(ready)).toContainText(orgName);
        found[route] = await findings(page);
      }
      expect(found).toEqual({ '/log': [], '/detail': [], '/organization': [] });
    });
  }
}
