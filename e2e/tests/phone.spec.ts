// The console on a phone (390×844): the sidebar is an overlay drawer opened from the top bar and
// closed by navigating, no rail squeezes the page, and the top bar fits on one line.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/console';

test.use({ viewport: { width: 390, height: 844 } });

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('a guest sees the brand, the menu button and the sign-in buttons within 390 px', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('nav-toggle')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  for (const id of ['brand', 'login-link', 'register-link', 'theme-toggle']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(390);
  }
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

test('root opens the menu as an overlay, navigates, and the drawer closes', async ({ page }) => {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const area = page.getByTestId('page-area');
  const before = await area.boundingBox();
  // The page area uses the whole width: no 48 px rail beside it.
  expect(before?.x ?? 99).toBeLessThanOrEqual(1);
  expect(before?.width ?? 0).toBeGreaterThanOrEqual(388);

  await page.getByTestId('nav-toggle').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  // An overlay: the page area keeps its width under the drawer.
  expect((await area.boundingBox())?.width).toBe(before?.width);
  await page.getByTestId('nav-token').click();
  await expect(page).toHaveURL(/\/token$/);
  await expect(sidebar).toBeHidden();

  const userMenu = await page.getByTestId('user-menu').boundingBox();
  expect((userMenu?.x ?? 0) + (userMenu?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '.cache/e2e-output/phone-token.png' });
});
