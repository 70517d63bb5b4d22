// Channel administration through the console: add a channel, batch-create three, disable one.
import { expect, type Page, test } from '@playwright/test';
import { signIn, uniqueName } from '../support/console';

async function signInAsRoot(page: Page) {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
}

/** Opens the editor, fills the basics and submits; lands back on the list. */
async function addChannel(page: Page, name: string, key: string, batch = false) {
  await page.goto('/channel/add');
  await expect(page.getByTestId('channel-edit-page')).toHaveAttribute('data-remote', 'channels');
  await page.getByTestId('channel-name').fill(name);
  if (batch) await page.getByTestId('channel-batch').click();
  await page.getByTestId('channel-key').fill(key);
  await page.getByTestId('channel-base-url').fill('http://127.0.0.1:9/');
  await page.getByTestId('channel-submit').click();
  await expect(page).toHaveURL(/\/channel$/);
}

async function searchByName(page: Page, name: string) {
  await page.getByTestId('channel-search-keyword').fill(name);
  await page.getByTestId('channel-search-submit').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${name}`));
}

const rows = (page: Page) => page.locator('[data-testid^="channel-row-"]');

test('admin adds a channel and disabling it greys its row', async ({ page }) => {
  await signInAsRoot(page);
  const name = uniqueName('chan');
  await addChannel(page, name, 'sk-e2e-single');
  await expect(page.getByText('渠道创建成功！')).toBeVisible();
  await searchByName(page, name);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('OpenAI');
  await expect(row).toContainText('已启用');
  await expect(row.getByTestId('channel-response-time')).toHaveAttribute('data-band', 'untested');
  await expect(row).not.toContainText('sk-e2e-single');

  await row.locator('[data-testid^="channel-toggle-"]').click();
  await expect(row).toHaveAttribute('data-status', '2');
  await expect(row).toHaveCSS('opacity', '0.5');
  await expect(row).toContainText('已禁用');

  await row.locator('[data-testid^="channel-toggle-"]').click();
  await expect(row).toHaveAttribute('data-status', '1');
  await expect(row).toHaveCSS('opacity', '1');
});

test('batch create with three keys makes three channels', async ({ page }) => {
  await signInAsRoot(page);
  const name = uniqueName('batch');
  await addChannel(page, name, 'sk-b1\nsk-b2\nsk-b3', true);
  await expect(page.getByText('已创建 3 个渠道！')).toBeVisible();
  await searchByName(page, name);
  await expect(rows(page)).toHaveCount(3);

  // Clean up through the console: select them and bulk delete.
  await page.locator('.arco-table-th .arco-checkbox').click();
  await page.getByTestId('channel-delete-selected').click();
  await page.locator('.arco-popconfirm .arco-btn-primary').click();
  await expect(page.getByText('已删除 3 个渠道')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('bulk delete with nothing selected says so', async ({ page }) => {
  await signInAsRoot(page);
  await page.goto('/channel');
  await page.getByTestId('channel-delete-selected').click();
  await expect(page.getByText('请先选择要删除的通道！')).toBeVisible();
});
