// Usage logs after real relay requests (user: quota and total; admin: channel and retries) and the
// data dashboard's charts, with each token's cache-hit rate (issue 28).
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  DEFAULT_QUOTA_DISPLAY,
  type LogEntry,
  type PagedList,
  renderQuota,
} from '@switchyard/contracts';
import { addToBucket } from '../../apps/server/src/modules/data/data.repository';
import { insertLogs } from '../../apps/server/src/modules/logs/logs.repository';
import {
  FAKE_DRAWING_SECRET,
  type FakeTaskUpstream,
  startFakeTaskUpstream,
} from '../../apps/server/test/fakes/fake-task-upstream';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import {
  apiSession,
  consoleHeaders,
  createApiToken,
  createChannel,
  editUser,
  userId,
} from '../support/admin-api';
import { registerUser, signIn, uniqueName } from '../support/console';
import { openE2eDatabase } from '../support/database';

const MODEL = 'gpt-4o';
const PASSWORD = 'observe-pass1';

let fake: FakeUpstream;
let drawingProxy: FakeTaskUpstream;
const database = openE2eDatabase();

test.beforeAll(async () => {
  fake = await startFakeUpstream();
  drawingProxy = await startFakeTaskUpstream();
});
test.afterAll(async () => {
  await fake.close();
  await drawingProxy.close();
  await database.close();
});

async function setOption(request: APIRequestContext, key: string, value: string) {
  const reply = await request.put('/api/option/', {
    data: { key, value },
    headers: await consoleHeaders(request),
  });
  expect((await reply.json()).success).toBe(true);
}

/** Channel removals, run before a journey's admin session closes so later journeys never
 * route to its channels. */
const cleanups: (() => Promise<void>)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
};

/** A user with quota and an API token, and two channels: the preferred one fails with 500. */
async function seedRelayUser(admin: APIRequestContext) {
  const username = uniqueName('obs');
  await registerUser(admin, username, PASSWORD);
  const group = `g${username}`;
  const id = await editUser(admin, username, { quota: 50_000_000, group });
  const owner = await apiSession(username, PASSWORD);
  const authorization = await createApiToken(owner, `${username}-key`);
  await owner.dispose();
  const failing = `fail-${username}`;
  fake.behave(failing, { status: 500, error: { message: 'upstream broke' } });
  fake.behave(`ok-${username}`, { promptTokens: 100_000, completionTokens: 50_000 });
  const first = await createChannel(admin, {
    key: failing,
    baseUrl: fake.url,
    models: [MODEL],
    groups: [group],
    priority: 10,
  });
  const second = await createChannel(admin, {
    key: `ok-${username}`,
    baseUrl: fake.url,
    models: [MODEL],
    groups: [group],
    priority: 0,
  });
  cleanups.push(first.remove, second.remove);
  return { username, userId: id, token: { authorization }, first: first.id, second: second.id };
}

async function relay(request: APIRequestContext, authorization: string) {
  const reply = await request.post('/v1/chat/completions', {
    headers: { authorization },
    data: { model: MODEL, messages: [{ role: 'user', content: 'hello' }] },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

async function openLogs(page: Page) {
  await page.goto('/log');
  await expect(page.getByTestId('logs-table')).toBeVisible();
}

test('the user’s log lists relay requests with their quota and the total; the admin sees channel and retries', async ({
  page,
}) => {
  const admin = await apiSession();
  await setOption(admin, 'RetryTimes', '2');
  try {
    const seeded = await seedRelayUser(admin);
    await relay(admin, seeded.token.authorization);
    await relay(admin, seeded.token.authorization);

    await signIn(page, seeded.username, PASSWORD);
    await expect(page).toHaveURL(/\/token/);
    await openLogs(page);
    const own = await (await page.request.get('/api/log/self?p=1&page_size=10&type=2')).json();
    const logs = (own.data as PagedList<LogEntry>).items;
    expect(logs).toHaveLength(2);
    const table = page.getByTestId('logs-table');
    for (const log of logs) {
      expect(log.quota).toBeGreaterThan(0);
      await expect(
        table.getByText(renderQuota(log.quota, DEFAULT_QUOTA_DISPLAY)).first(),
      ).toBeVisible();
    }
    await expect(table.getByText(MODEL).first()).toBeVisible();
    await expect(table.getByText(`渠道：`)).toHaveCount(0);
    await page.getByTestId('log-show-total').click();
    const total = logs.reduce((sum, log) => sum + log.quota, 0);
    await expect(page.getByTestId('log-total-quota')).toHaveText(
      renderQuota(total, DEFAULT_QUOTA_DISPLAY),
    );

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'root', '123456');
    await page.getByTestId('default-password-later').click();
    // Consumption only: setting the user's balance wrote an admin log as well.
    await page.goto(`/log?username=${seeded.username}&type=2`);
    const adminTable = page.getByTestId('logs-table');
    await expect(adminTable.getByText(`渠道：${seeded.first} → ${seeded.second}`)).toHaveCount(2);
    await expect(
      adminTable.locator('.arco-tag', { hasText: new RegExp(`^${seeded.second}$`) }),
    ).toHaveCount(2);
    await expect(adminTable.getByText(seeded.username, { exact: true })).toHaveCount(2);
  } finally {
    await setOption(admin, 'RetryTimes', '0');
    await cleanUp();
    await admin.dispose();
  }
});

test('the dashboard draws its charts from the user’s buckets', async ({ page, request }) => {
  const username = uniqueName('dash');
  await registerUser(request, username, PASSWORD);
  const admin = await apiSession();
  const user = { id: await userId(admin, username) };
  await admin.dispose();
  // The aggregator folds logs into hourly buckets every DataExportInterval minutes (at least one),
  // and only logs a minute old; the journey writes the buckets it draws directly.
  const { db } = database;
  const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;
  for (const [model, offset, quota, count] of [
    ['gpt-4o', 2, 1_000_000, 4],
    ['claude-3-haiku', 1, 500_000, 6],
    ['gpt-4o', 0, 250_000, 2],
  ] as const) {
    await addToBucket(db, {
      user_id: Number(user.id),
      username,
      model_name: model,
      created_at: hour - offset * 3600,
      count,
      quota,
      token_used: count * 1000,
    });
  }
  // Consume logs of two tokens with prompt-cache reads (the relay writes `cached_tokens` in other).
  await insertLogs(
    db,
    [
      [1, 'agent', 1, 1000, 600],
      [1, 'agent', 0, 2000, 1800],
      [2, 'script', 0, 500, 0],
    ].map(([token, name, offset, prompt, cached]) => ({
      user_id: Number(user.id),
      username,
      created_at: hour - Number(offset) * 3600 + 60,
      type: 2,
      content: '',
      token_id: 900_000 + Number(token),
      token_name: String(name),
      model_name: MODEL,
      quota: 10,
      prompt_tokens: Number(prompt),
      completion_tokens: 1,
      other: JSON.stringify({ cached_tokens: cached }),
    })),
  );
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token/);
  await page.goto('/detail');
  const totals = page.getByTestId('dashboard-totals');
  await expect(totals).toContainText('$3.50');
  await expect(totals).toContainText('12');
  for (const chart of ['dashboard-quota-chart', 'dashboard-calls-chart', 'dashboard-cache-chart']) {
    const canvas = page.getByTestId(chart).locator('canvas');
    await expect(canvas).toHaveCount(1);
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    // Something was drawn: the canvas is not blank.
    const painted = await canvas.evaluate((node) => {
      const element = node as HTMLCanvasElement;
      const context = element.getContext('2d');
      if (!context) return 0;
      const pixels = context.getImageData(0, 0, element.width, element.height).data;
      let count = 0;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count += 1;
      return count;
    });
    expect(painted).toBeGreaterThan(1000);
  }
  // The charts and the cache-hit section: no serious axe finding, on a desktop and a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('dashboard-cache-chart').locator('canvas')).toHaveCount(1);
    await page.mouse.move(0, 0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${width} px`).toEqual([]);
  }
});

test('the cache-hit chart shows its empty state, not a made-up line, before any call', async ({
  page,
  request,
}) => {
  const username = uniqueName('dash');
  await registerUser(request, username, PASSWORD);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token/);
  await page.goto('/detail');
  await expect(page.getByTestId('dashboard-cache-empty')).toBeVisible();
  await expect(page.getByTestId('dashboard-cache-chart')).toHaveCount(0);
});

test('a drawing task goes from submitted to success with an image preview', async ({ page }) => {
  const admin = await apiSession();
  await setOption(admin, 'MjNotifyEnabled', 'true');
  try {
    const username = uniqueName('draw');
    await registerUser(admin, username, PASSWORD);
    await editUser(admin, username, { quota: 5_000_000, group: `g${username}` });
    const owner = await apiSession(username, PASSWORD);
    const token = { authorization: await createApiToken(owner, `${username}-key`) };
    await owner.dispose();
    const channel = await createChannel(admin, {
      type: 2,
      key: FAKE_DRAWING_SECRET,
      baseUrl: drawingProxy.url,
      models: ['mj_imagine'],
      groups: [`g${username}`],
    });
    cleanups.push(channel.remove);
    const submit = await admin.post('/mj/submit/imagine', {
      headers: { authorization: token.authorization },
      data: { prompt: 'a lighthouse at dusk' },
    });
    const submitted = await submit.json();
    expect(submitted.code).toBe(1);
    const mjId = submitted.result as string;

    await signIn(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/token/);
    await page.goto('/midjourney');
    const table = page.getByTestId('drawing-tasks-table');
    await expect(table.getByText(mjId)).toBeVisible();
    await expect(table.getByText('队列中')).toBeVisible();

    drawingProxy.setDrawing(mjId, {
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${drawingProxy.url}/images/lighthouse.png`,
    });
    // The proxy's callback: the server re-reads the task from the proxy at once.
    const notified = await admin.post('/mj/notify', { data: { id: mjId } });
    expect(notified.status()).toBe(200);

    await page.reload();
    await expect(table.getByText('成功', { exact: true })).toBeVisible();
    const image = table.getByRole('img');
    await expect(image).toHaveAttribute('src', `/mj/image/${mjId}`);
    await expect
      .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(1);
  } finally {
    await setOption(admin, 'MjNotifyEnabled', 'false');
    await cleanUp();
    await admin.dispose();
  }
});
