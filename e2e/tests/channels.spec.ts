// Channel administration through the console: add, batch-create, disable, test one and all
// against a fake OpenAI upstream, and a relay request that shows up in the channel's used quota.
import { expect, type Page, test } from '@playwright/test';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { consoleHeaders } from '../support/admin-api';
import { pickRowAction, signIn, uniqueName } from '../support/console';

async function signInAsRoot(page: Page) {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
}

/** Opens the editor, fills the basics and submits; lands back on the list. */
async function addChannel(
  page: Page,
  name: string,
  key: string,
  { batch = false, baseUrl = 'http://127.0.0.1:9/' } = {},
) {
  created.push(name);
  await page.goto('/channel/add');
  await expect(page.getByTestId('channel-edit-page')).toHaveAttribute('data-remote', 'channels');
  await page.getByTestId('channel-name').fill(name);
  if (batch) await page.getByTestId('channel-batch').click();
  await page.getByTestId('channel-key').fill(key);
  await page.getByTestId('channel-base-url').fill(baseUrl);
  await page.getByTestId('channel-submit').click();
  await expect(page).toHaveURL(/\/channel$/);
}

async function searchByName(page: Page, name: string) {
  await page.getByTestId('channel-search-keyword').fill(name);
  await page.getByTestId('channel-search-submit').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${name}`));
}

/** Names of the channels a journey created; removed after it so other journeys never route to them. */
const created: string[] = [];

test.afterEach(async ({ request }) => {
  await request.post('/api/user/login', { data: { username: 'root', password: '123456' } });
  for (const name of created.splice(0)) {
    const reply = await request.get('/api/channel/search', {
      params: { keyword: name, page_size: 100 },
    });
    const ids = ((await reply.json()).data?.items ?? []).map((item: { id: number }) => item.id);
    if (ids.length > 0) {
      const headers = await consoleHeaders(request);
      await request.post('/api/channel/batch', { data: { ids }, headers });
    }
  }
});

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

  await pickRowAction(row, '禁用');
  await expect(row).toHaveAttribute('data-status', '2');
  await expect(row).toHaveCSS('opacity', '0.5');
  await expect(row).toContainText('已禁用');

  await pickRowAction(row, '启用');
  await expect(row).toHaveAttribute('data-status', '1');
  await expect(row).toHaveCSS('opacity', '1');

  // Priority is edited in place and kept.
  // The enable toast above says the same words, so the save is awaited by its own reply.
  const priority = row.getByRole('spinbutton').first();
  const saved = page.waitForResponse(
    (reply) =>
      reply.request().method() === 'PUT' &&
      new URL(reply.url()).pathname === '/api/channel/' &&
      reply.request().postDataJSON()?.priority === 7,
  );
  await priority.fill('7');
  await priority.press('Enter');
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(rows(page).first().getByRole('spinbutton').first()).toHaveValue('7');

  // Copy makes a second channel with the same settings.
  await pickRowAction(rows(page).first(), '复制');
  await expect(page.getByText('渠道复制成功')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText(`${name}_复制`)).toBeVisible();
});

test('batch create with three keys makes three channels', async ({ page }) => {
  await signInAsRoot(page);
  const name = uniqueName('batch');
  await addChannel(page, name, 'sk-b1\nsk-b2\nsk-b3', { batch: true });
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

test.describe('against a fake OpenAI upstream', () => {
  let fake: FakeUpstream;
  test.beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  test.afterAll(async () => {
    await fake.close();
  });

  test('admin tests a channel (coloured response time), relays through it, sees its used quota', async ({
    page,
  }) => {
    await signInAsRoot(page);
    const name = uniqueName('up');
    const key = `sk-${name}`;
    fake.behave(key, { delayMs: 1200, promptTokens: 100_000, completionTokens: 50_000 });
    await addChannel(page, name, key, { baseUrl: fake.url });
    await searchByName(page, name);
    const row = rows(page).first();
    const id = Number((await row.getAttribute('data-testid'))?.replace('channel-row-', ''));
    const used = row.getByTestId(`channel-used-${id}`);
    await expect(used).toHaveText('$0.00');

    await row.getByRole('button', { name: '测试' }).first().click();
    await expect(
      page.getByText(new RegExp(`渠道 ${name} 测试成功，耗时 1\\.\\d+ 秒。`)),
    ).toBeVisible();
    const time = row.getByTestId('channel-response-time');
    await expect(time).toHaveAttribute('data-band', 'lime');
    await expect(time).toHaveText(/^1\.\d\d 秒$/);
    await expect(time).toHaveCSS('background-color', /.+/);

    await page.reload();
    const dollars = async () => Number((await used.textContent())?.replace('$', ''));
    const usedBefore = await dollars();

    // Root makes an API token on the billing page and reads its key back from the token API.
    const tokenName = `${name}-t`;
    await page.goto('/token');
    await page.getByTestId('token-add').click();
    await page.getByTestId('token-name').fill(tokenName);
    // The request below costs more than the default $1 of a new token.
    await page.getByTestId('token-unlimited').click();
    await page.getByTestId('token-submit').click();
    await expect(page.getByTestId(`token-row-${tokenName}`)).toBeVisible();
    const found = await (
      await page.request.get('/api/token/search', { params: { keyword: tokenName } })
    ).json();
    const token = (found.data as { name: string; key: string }[]).find(
      (entry) => entry.name === tokenName,
    );
    if (!token) throw new Error(`token ${tokenName} not found`);
    await page.goBack();
    await expect(used).toBeVisible();
    // An admin's key may pin the channel (`sk-<key>-<channel id>`), so no other channel answers.
    const reply = await page.request.post('/v1/chat/completions', {
      headers: { authorization: `Bearer sk-${token.key}-${id}` },
      data: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(reply.status()).toBe(200);
    // 100k prompt + 50k completion tokens of gpt-4o ($2.50 / $10 per 1M) cost $0.75.
    await expect(async () => {
      await page.reload();
      await expect(used).toHaveText(/^\$\d+\.\d\d$/, { timeout: 1000 });
      expect(await dollars()).toBeGreaterThan(usedBefore + 0.7);
    }).toPass({ timeout: 15_000 });
  });

  test('test all shows progress and then the results', async ({ page }) => {
    await signInAsRoot(page);
    const name = uniqueName('all');
    fake.behave(`sk-${name}`, { delayMs: 300 });
    await addChannel(page, name, `sk-${name}`, { baseUrl: fake.url });
    await searchByName(page, name);
    await page.getByTestId('channel-test-all').click();
    await expect(page.getByTestId('channel-test-all-progress')).toContainText('正在测试');
    await expect(page.getByText('所有渠道测试完毕。')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('channel-test-all-progress')).toHaveCount(0);
    await expect(rows(page).first().getByTestId('channel-response-time')).toHaveAttribute(
      'data-band',
      'green',
    );
  });
});

test('the editor finds a channel type by typing part of its name, from the keyboard', async ({
  page,
}) => {
  await signInAsRoot(page);
  await page.goto('/channel/add');
  const type = page.getByTestId('channel-type');
  await type.click();
  await page.keyboard.type('千帆');
  const options = page.locator('.arco-select-popup .arco-select-option');
  await expect(options).toHaveText(['百度文心千帆']);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('channel-key-format')).toContainText('APIKey|SecretKey');
  await expect(type).toContainText('百度文心千帆');
});
