// Issue 17 journeys: a token's limits set in the drawer and shown in the list with its window
// bar; the usage export downloaded from the log page; the public status page as guest and admin.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { insertLogs } from '../../apps/server/src/modules/logs/logs.repository';
import { addBuckets } from '../../apps/server/src/modules/status/outcomes.repository';
import { createChannel } from '../support/admin-api';
import { rootApi } from '../support/billing';
import { pickRowAction, registerUser, signIn, uniqueName } from '../support/console';
import { openE2eDatabase } from '../support/database';

const PASSWORD = 'limits-pass1';
const database = openE2eDatabase();
test.afterAll(() => database.close());

async function signInNewUser(
  page: Parameters<typeof signIn>[0],
  request: Parameters<typeof registerUser>[0],
) {
  const username = uniqueName('lim');
  await registerUser(request, username, PASSWORD);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  return username;
}

test('a user sets a token’s limits and quota window, and the list shows them with the window bar', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request);
  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill('capped');
  await page.getByTestId('token-rpm').fill('30');
  await page.getByTestId('token-concurrency').fill('2');
  await page.getByTestId('token-window-period').click();
  await page.locator('.arco-select-option').getByText('每日', { exact: true }).click();
  await page.getByTestId('token-submit').click();
  await expect(page.getByText('设置了额度周期时，每周期额度必须大于 0！')).toBeVisible();
  // Currency display is on: the window quota is typed in dollars ($1 = 500000 quota).
  await page.getByTestId('token-window-quota').fill('1');
  await page.getByTestId('token-submit').click();

  const row = page.getByTestId('token-row-capped');
  await expect(row).toContainText('30 次/分钟');
  await expect(row).toContainText('并发 2');
  await expect(row).toContainText('每日');
  await expect(row).toContainText('下次请求开始新周期');

  // Spend 3/4 of today's window (as the relay's settlement would) and reload.
  const now = new Date();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000;
  await database.db
    .updateTable('tokens')
    .set({ window_started_at: dayStart, window_used: 375_000 })
    .where('name', '=', 'capped')
    .execute();
  await page.reload();
  const bar = row.locator('[data-testid^="token-window-"]');
  await expect(bar).toContainText('$0.75 / $1.00');
  await expect(bar).toContainText('重置');
  await expect(bar.locator('.arco-progress')).toBeVisible();

  // The drawer shows what was saved.
  await pickRowAction(row, '编辑');
  await expect(page.getByTestId('token-rpm')).toHaveValue('30');
  await expect(page.getByTestId('token-concurrency')).toHaveValue('2');
});

test('a user downloads the usage export of the log page as CSV with a totals row', async ({
  page,
  request,
}) => {
  const username = await signInNewUser(page, request);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const at = Math.floor(Date.now() / 1000) - 120;
  await insertLogs(
    database.db,
    [250_000, 125_000].map((quota, index) => ({
      user_id: Number(user.id),
      username,
      created_at: at - index,
      type: 2,
      content: 'model ratio 1.00',
      token_name: index ? 'plain' : 'work, "main"',
      model_name: 'gpt-4o',
      quota,
      prompt_tokens: 100,
      completion_tokens: 50,
      use_time: 2,
      is_stream: 0,
      channel_id: 1,
      token_id: 1,
      other: '{}',
    })),
  );
  await page.goto('/log');
  await expect(page.getByTestId('logs-table')).toContainText('plain');
  const download = page.waitForEvent('download');
  await page.getByTestId('log-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^usage-.*\.csv$/);
  const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe(
    '时间,令牌,模型,类型,输入 tokens,输出 tokens,缓存 tokens,额度,美元,用时（秒）,流式,详情',
  );
  expect(lines[1]).toContain('"work, ""main""",gpt-4o,消费,100,50,0,250000,0.500000,2,否');
  expect(lines).toHaveLength(4);
  expect(lines[3]).toBe('合计,,,消费,200,100,0,375000,0.750000,,,');
});

test('the status page: guests see each model’s uptime without channels, the admin per channel', async ({
  page,
}) => {
  const model = `status-${uniqueName('m')}`;
  const admin = await rootApi();
  const channel = await createChannel(admin, {
    key: `k-${model}`,
    baseUrl: 'http://127.0.0.1:9',
    models: [model],
    groups: ['default'],
  });
  const minute = Math.floor(Date.now() / 60_000) * 60;
  const zeros = () => new Array<number>(12).fill(0);
  const lat = zeros();
  lat[3] = 9;
  await addBuckets(database.db, [
    {
      minute,
      model_name: model,
      channel_id: channel.id,
      success: 9,
      failure: 1,
      latency_sum: 5400,
      ttft_count: 0,
      lat,
      ttft: zeros(),
    },
  ]);
  try {
    await page.goto('/');
    await page.getByTestId('nav-status').click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByTestId('status-page')).toHaveAttribute('data-remote', 'observability');
    await page.getByTestId('status-window').getByText('1 小时').click();
    const card = page.getByTestId(`status-model-${model}`);
    await expect(card).toContainText('90.00%');
    await expect(card).toContainText('10');
    await expect(
      page.getByTestId(`status-uptime-${model}`).locator('[data-health="degraded"]'),
    ).toHaveCount(1);
    await expect(card.locator('[data-testid^="status-channel-"]')).toHaveCount(0);

    await signIn(page, 'root', '123456');
    await page.getByTestId('default-password-later').click();
    await page.goto('/status');
    await page.getByTestId('status-window').getByText('1 小时').click();
    await expect(page.getByTestId(`status-channel-${model}-${channel.id}`)).toBeVisible();
  } finally {
    await channel.remove();
    await admin.dispose();
  }
});
