// Issue 34: a new customer's first visit. Sign up (signed in at once) → the first-run checklist →
// redeem an admin's code → create a key → run the quickstart's curl against the server → the
// checklist ticks itself. And the playground answers through the real relay, billed and logged.
// The model behind both is a loopback fake upstream channel in the user's own group.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  DEFAULT_QUOTA_DISPLAY,
  LogType,
  renderQuota,
  type SelfLogEntry,
} from '@switchyard/contracts';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { apiSession, createChannel, editUser } from '../support/admin-api';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

const MODEL = 'gpt-4o-mini';
const PASSWORD = 'onboard-pass-1';

let admin: APIRequestContext;
let fake: FakeUpstream;
const cleanups: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  admin = await apiSession();
  fake = await startFakeUpstream();
});

test.afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await admin.dispose();
  await fake.close();
});

/** A channel of the fake upstream serving MODEL to one group only, answering `text`. */
async function channelFor(group: string, text: string): Promise<void> {
  const key = `sk-${group}`;
  fake.behave(key, { text, promptTokens: 12, completionTokens: 5 });
  const channel = await createChannel(admin, {
    key,
    type: 8,
    baseUrl: fake.url,
    models: [MODEL],
    groups: [group],
  });
  cleanups.push(channel.remove);
}

async function adminCode(quota: number): Promise<string> {
  const reply = await admin.post('/api/redemption/', {
    data: { name: uniqueName('gift'), quota, count: 1 },
  });
  const json = (await reply.json()) as { success: boolean; message: string; data: string[] };
  expect(json.success, json.message).toBe(true);
  return json.data[0] as string;
}

test('sign up → checklist → redeem → create a key → the quickstart curl → the checklist ticks', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const username = uniqueName('onb');
  const group = `g${username}`;
  const answer = 'Your first answer through the gateway';

  await page.goto('/register');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-password2').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  // Signed in at once, on Home's first-run checklist with nothing done yet.
  await expect(page).toHaveURL(/\/$/);
  const checklist = page.getByTestId('first-run-checklist');
  await expect(checklist).toBeVisible();
  for (const step of ['credit', 'key', 'call']) {
    await expect(page.getByTestId(`checklist-${step}`)).toHaveAttribute('data-done', 'false');
  }
  await expect(page.getByTestId('home-balance')).toContainText('$0.00');
  await expect(page.getByTestId('home-top-up')).toBeVisible();

  // The admin opens a model to the new account's own group, and hands out a $2 code.
  await editUser(admin, username, { group });
  await channelFor(group, answer);
  const code = await adminCode(1_000_000);

  await page.getByTestId('checklist-credit').getByRole('link').click();
  await expect(page).toHaveURL(/\/topup$/);
  await page.getByTestId('redeem-code').fill('not-a-real-code');
  await page.getByTestId('redeem-submit').click();
  // A refused code is said under the field.
  await expect(page.locator('.arco-form-item-status-error')).toBeVisible();
  await page.getByTestId('redeem-code').fill(code);
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('wallet-balance')).toContainText('$2.00');
  await expect(page.getByTestId('wallet-history')).toContainText('$2.00');
  await page.keyboard.press('Escape');

  await page.goto('/token');
  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill('first key');
  await page.getByTestId('token-submit').click();
  // The new key's quickstart: key, base URL and the curl snippet with both and my model.
  const dialog = page.locator('.arco-modal').filter({ has: page.getByTestId('quickstart') });
  await expect(dialog.getByTestId('quickstart-base-url')).toHaveText(E2E_BASE_URL);
  await expect(dialog.getByTestId('quickstart-key')).toHaveText(/^sk-[0-9A-Za-z]{48}$/);
  await expect(dialog.getByTestId('quickstart-zero-balance')).toHaveCount(0);
  const curl = (await dialog.getByTestId('quickstart-code-curl').textContent()) ?? '';
  expect(curl).toContain(`"model":"${MODEL}"`);
  await dialog.getByTestId('quickstart-done').click();

  // Home: credit and key are ticked, the first call not yet.
  await page.goto('/');
  await expect(page.getByTestId('checklist-credit')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-key')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('checklist-call')).toHaveAttribute('data-done', 'false');

  // The snippet exactly as shown, run by a shell against the server (asynchronously: the fake
  // upstream lives in this process and must keep answering).
  const { stdout } = await promisify(execFile)('bash', [
    '-c',
    `${curl} --silent --show-error --max-time 20`,
  ]);
  const reply = JSON.parse(stdout);
  expect(reply.choices[0].message.content).toBe(answer);

  // The checklist finds the first consume log by itself (it polls), without a reload.
  await expect(page.getByTestId('checklist-call')).toHaveAttribute('data-done', 'true', {
    timeout: 15_000,
  });
  await expect(checklist).toContainText('都完成了！');
});

test('the playground answers through the relay at 390 px, and its call is in the usage log', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const username = uniqueName('play');
  const group = `g${username}`;
  const answer = 'Hello from the playground fake';
  await registerUser(admin, username, PASSWORD);
  await editUser(admin, username, { quota: 5_000_000, group });
  await channelFor(group, answer);
  const owner = await apiSession(username, PASSWORD);
  const created = await owner.post('/api/token/', {
    data: {
      name: 'playground key',
      remain_quota: 0,
      expired_time: -1,
      unlimited_quota: true,
      model_limits_enabled: false,
      model_limits: '',
    },
  });
  expect((await created.json()).success).toBe(true);
  await owner.dispose();

  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/playground');
  await expect(page.getByTestId('playground-token')).toContainText('playground key');
  await expect(page.getByTestId('playground-model')).toContainText(MODEL);
  await page.getByTestId('playground-system').fill('Answer in one line.');
  await page.getByTestId('playground-input').fill('Say hello');
  await page.getByTestId('playground-input').press('Enter');
  await expect(page.getByTestId('playground-turn-assistant')).toHaveText(new RegExp(`${answer}$`));
  // Tokens from the stream's usage and the cost the call was billed: the consume log's numbers.
  await expect(page.getByTestId('playground-stats')).toContainText('花费 $');
  const owner2 = await apiSession(username, PASSWORD);
  const logs = (await (
    await owner2.get('/api/log/self', { params: { p: 1, page_size: 10, type: LogType.consume } })
  ).json()) as { data: { items: SelfLogEntry[] } };
  await owner2.dispose();
  expect(logs.data.items).toHaveLength(1);
  const log = logs.data.items[0] as SelfLogEntry;
  expect(log.is_stream).toBe(true);
  await expect(page.getByTestId('playground-stats')).toHaveText(
    `输入 ${log.prompt_tokens} tokens，输出 ${log.completion_tokens} tokens · 花费 ${renderQuota(log.quota, DEFAULT_QUOTA_DISPLAY)}`,
  );
  // It went to the upstream as a stream, with the system prompt.
  const sent = fake.requests.at(-1)?.body as { stream?: boolean; messages?: { role: string }[] };
  expect(sent.stream).toBe(true);
  expect(sent.messages?.[0]?.role).toBe('system');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/log');
  await expect(page.getByTestId('logs-table')).toContainText('playground key');
  await expect(page.getByTestId('logs-table')).toContainText(MODEL);
});
