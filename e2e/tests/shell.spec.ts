// The shell on its own: the not-found page, and theme and language surviving a reload.
import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found texts inside the console', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found').getByText('页面不存在')).toBeVisible();
  await expect(page.getByText('请检查你的浏览器地址是否正确')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('theme and language persist across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');

  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('nav-home')).toContainText('Home');

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await expect(page.getByTestId('nav-home')).toContainText('Home');
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found').getByText('Page not found')).toBeVisible();
});
