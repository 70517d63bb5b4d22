// Billing journeys: tokens, redemption codes (create, download, redeem), online top-up through a
// fake epay gateway, and the pricing page as a guest and as a user.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createChannel } from '../support/admin-api';
import { getOptions, rootApi, setOption, startFakeEpay } from '../support/billing';
import { pickRowAction, registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

const PASSWORD = 'password-123';

async function signInNewUser(page: Page, request: Parameters<typeof registerUser>[0]) {
  const username = uniqueName('b');
  await registerUser(request, username, PASSWORD);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  return username;
}

async function signInRoot(page: Page) {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
}

const tokenRow = (page: Page, name: string) => page.getByTestId(`token-row-${name}`);

test('a user creates tokens (single and batch), copies selected, disables, enables and deletes', async ({
  page,
  request,
  context,
}) => {
  // Many steps, and each create now opens (and closes) the new key's quickstart.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await signInNewUser(page, request);
  await expect(page.getByTestId('tokens-page')).toHaveAttribute('data-remote', 'billing');

  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill('single');
  await page.getByTestId('token-submit').click();
  // The new key's quickstart opens (issue 34), saying a $0 balance makes calls fail.
  await expect(page.getByTestId('quickstart-zero-balance')).toBeVisible();
  await page.getByTestId('quickstart-done').click();
  await expect(tokenRow(page, 'single')).toBeVisible();
  await expect(tokenRow(page, 'single')).toContainText('已启用');
  await expect(tokenRow(page, 'single')).toContainText('永不过期');

  await page.getByTestId('token-add').click();
  await expect(page.getByTestId('token-name')).toHaveValue('');
  await page.getByTestId('token-name').fill('bulk');
  await page.getByTestId('token-count').fill('3');
  await page.getByTestId('token-submit').click();
  await page.getByTestId('quickstart-done').click();
  await expect(tokenRow(page, 'bulk')).toBeVisible();
  await expect(page.locator('[data-testid^="token-row-bulk-"]')).toHaveCount(2);
  const suffixed = await page
    .locator('[data-testid^="token-row-bulk-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  for (const id of suffixed) expect(id).toMatch(/^token-row-bulk-[0-9A-Za-z]{6}$/);

  // Copy selected with nothing selected, then with two tokens selected.
  await page.getByTestId('token-copy-selected').click();
  await expect(page.getByText('请至少选择一个令牌！')).toBeVisible();
  await tokenRow(page, 'single').locator('.arco-checkbox').click();
  await tokenRow(page, 'bulk').locator('.arco-checkbox').click();
  await page.getByTestId('token-copy-selected').click();
  await expect(page.getByText('已复制到剪贴板！').first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split('\n');
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toMatch(/^(single|bulk) {4}sk-[0-9A-Za-z]{48}$/);

  // Disable, then enable again (status-only updates).
  await pickRowAction(tokenRow(page, 'single'), '禁用');
  await expect(tokenRow(page, 'single')).toContainText('已禁用');
  await pickRowAction(tokenRow(page, 'single'), '启用');
  await expect(tokenRow(page, 'single')).toContainText('已启用');

  // Delete with confirmation.
  await pickRowAction(tokenRow(page, 'single'), '删除');
  await page.locator('.arco-modal').getByRole('button', { name: '删除' }).click();
  await expect(tokenRow(page, 'single')).toHaveCount(0);
  await expect(tokenRow(page, 'bulk')).toBeVisible();
});

test('an admin creates 5 codes and downloads them; a user redeems one and the balance rises', async ({
  page,
  browser,
  request,
}) => {
  await signInRoot(page);
  await page.goto('/redemption');
  const name = uniqueName('codes');
  await page.getByTestId('code-add').click();
  await page.getByTestId('code-name').fill(name);
  // Currency display is on: the quota is typed in dollars ($1 = 500000 quota).
  await page.getByTestId('code-quota').fill('1');
  await page.getByTestId('code-count').fill('5');
  await page.getByTestId('code-submit').click();
  const downloadPromise = page.waitForEvent('download');
  await page.locator('.arco-modal').getByRole('button', { name: '下载' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${name}.txt`);
  const keys = readFileSync(await download.path(), 'utf8').split('\n');
  expect(keys).toHaveLength(5);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(5);

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInNewUser(userPage, request);
  await userPage.goto('/topup');
  await expect(userPage.getByTestId('wallet-balance')).toContainText('$0.00');
  await userPage.getByTestId('redeem-submit').click();
  await expect(userPage.getByText('请输入兑换码！')).toBeVisible();
  await userPage.getByTestId('redeem-code').fill(keys[0] as string);
  await userPage.getByTestId('redeem-submit').click();
  await expect(userPage.getByText('成功兑换额度：$1.00')).toBeVisible();
  await expect(userPage.getByTestId('wallet-balance')).toContainText('$1.00');
  await userContext.close();

  await page.reload();
  await expect(page.getByRole('cell', { name: '已使用' })).toHaveCount(1);
});

test('online top-up posts the form to the payment page and the notify callback raises the balance', async ({
  page,
  request,
}) => {
  const root = await rootApi();
  const saved = await getOptions(root);
  const gateway = await startFakeEpay('2001', 'e2e-epay-key');
  const payment = {
    PayAddress: gateway.url,
    EpayId: '2001',
    EpayKey: 'e2e-epay-key',
    ServerAddress: E2E_BASE_URL,
    Price: '7.3',
  };
  try {
    for (const [key, value] of Object.entries(payment)) await setOption(root, key, value);
    await signInNewUser(page, request);
    await page.goto('/topup');
    await page.getByTestId('topup-amount').fill('3');
    await expect(page.getByTestId('topup-payable')).toContainText('21.90');
    await page.getByTestId('topup-pay-zfb').click();
    await expect(page.getByTestId('topup-confirm')).toContainText('21.90');
    await page.locator('.arco-modal').getByRole('button', { name: '支付' }).click();

    await expect(page.getByTestId('fake-epay')).toBeVisible();
    await expect(page.getByTestId('fake-epay-money')).toHaveText('21.90');
    await expect(page.getByTestId('fake-epay-result')).toHaveText('success');
    expect(gateway.orders).toHaveLength(1);
    expect(gateway.orders[0]?.validSign).toBe(true);
    expect(gateway.orders[0]?.fields.type).toBe('alipay');

    await page.goto(`${E2E_BASE_URL}/topup`);
    await expect(page.getByTestId('wallet-balance')).toContainText('$3.00');
  } finally {
    for (const key of Object.keys(payment)) await setOption(root, key, saved[key] ?? '');
    await gateway.close();
    await root.dispose();
  }
});

test('the pricing page: guests see the default ratio, users their group, unusable and unpriced models', async ({
  page,
  request,
}) => {
  const root = await rootApi();
  // The two models get a ratio for this test; a third has none and is marked "No price set".
  const ratios = (await getOptions(root)).ModelRatio ?? '{}';
  const priced = { ...JSON.parse(ratios), 'gpt-e2e-shared': 1, 'vip-e2e-only': 1 };
  await setOption(root, 'ModelRatio', JSON.stringify(priced));
  const shared = await createChannel(root, {
    models: ['gpt-e2e-shared'],
    groups: ['default', 'vip'],
  });
  const vip = await createChannel(root, { models: ['vip-e2e-only'], groups: ['vip'] });
  const unpriced = await createChannel(root, { models: ['e2e-unpriced'], groups: ['default'] });
  try {
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-banner')).toContainText('默认分组倍率：1');
    await expect(page.getByTestId('no-price-e2e-unpriced')).toHaveText('未设置价格');
    await expect(page.getByTestId('no-price-gpt-e2e-shared')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'gpt-e2e-shared' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'vip-e2e-only' })).toBeVisible();
    await expect(page.getByTestId('unavailable-vip-e2e-only')).toHaveCount(0);
    await page.getByTestId('pricing-filter').fill('vip-e2e');
    await expect(page.getByRole('cell', { name: 'gpt-e2e-shared' })).toHaveCount(0);

    await signInNewUser(page, request);
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-banner')).toContainText('您的分组为：default');
    await expect(page.getByTestId('unavailable-vip-e2e-only')).toBeVisible();
    await expect(page.getByTestId('unavailable-gpt-e2e-shared')).toHaveCount(0);
  } finally {
    await shared.remove();
    await vip.remove();
    await unpriced.remove();
    await setOption(root, 'ModelRatio', ratios);
    await root.dispose();
  }
});

test('the redemption drawer shows an empty name under the field, marked required, and sends nothing', async ({
  page,
}) => {
  await signInRoot(page);
  await page.goto('/redemption');
  await page.getByTestId('code-add').click();
  const nameItem = page.locator('.arco-form-item').filter({ has: page.getByTestId('code-name') });
  await expect(nameItem.locator('.arco-form-item-symbol')).toBeVisible();
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/redemption/')) posted += 1;
  });
  await page.getByTestId('code-submit').click();
  await expect(nameItem.locator('.arco-form-message')).toHaveText('此项为必填项');
  // Spaces only are no name either, with the same message the server would give.
  await page.getByTestId('code-name').fill('   ');
  await page.getByTestId('code-submit').click();
  await expect(nameItem.locator('.arco-form-message')).toHaveText('此项为必填项');
  expect(posted).toBe(0);
  await page.getByTestId('code-name').fill(uniqueName('ok'));
  await page.getByTestId('code-submit').click();
  await expect(nameItem.locator('.arco-form-message')).toHaveCount(0);
  await expect.poll(() => posted).toBe(1);
});
