// Issue 32 journey: an owner creates an organization, invites a second user and funds its wallet;
// the member accepts the link, makes an org key and calls the API; the owner sees the call in the
// org's log, on the Logs page and on the Dashboard in the org's scope (usage and cache-hit
// chart), and caps the member, whose next call is refused for the cap; an invitation revoked on
// the Organization page can no longer be accepted. Also at 390 px.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { apiSession, createChannel } from '../support/admin-api';
import { getOptions, rootApi, setOption } from '../support/billing';
import { registerUser, signIn, uniqueName } from '../support/console';
import { openE2eDatabase } from '../support/database';

const PASSWORD = 'orgs-pass1';
const MODEL = 'org-e2e-model';
const database = openE2eDatabase();
let fake: FakeUpstream;

test.beforeAll(async () => {
  fake = await startFakeUpstream();
  const root = await rootApi();
  await createChannel(root, {
    name: 'org e2e',
    key: `sk-${uniqueName('org')}`,
    models: [MODEL],
    groups: ['default'],
    baseUrl: fake.url,
  });
  const prices = JSON.parse((await getOptions(root)).ModelPrice || '{}') as Record<string, number>;
  await setOption(root, 'ModelPrice', JSON.stringify({ ...prices, [MODEL]: 0.002 }));
  await root.dispose();
});
test.afterAll(async () => {
  await fake.close();
  await database.close();
});

/** An InputNumber by its test id (on the wrapper or on the input itself). */
const numberInput = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"]`).first();

/** axe's serious and critical findings on the page as it stands. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Measured at rest: the pointer off the button it clicked (a hovered primary button is lighter).
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function signedInUser(page: Page, quota = 0): Promise<string> {
  const username = uniqueName('org');
  await registerUser(page.request, username, PASSWORD);
  if (quota > 0) {
    await database.db
      .updateTable('users')
      .set({ quota })
      .where('username', '=', username)
      .execute();
  }
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  return username;
}

async function memberPage(browser: Browser): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, username: await signedInUser(page) };
}

test('create an org, invite, fund; the member calls the API; the owner sees it and caps them', async ({
  page,
  browser,
}) => {
  // Two users, seven pages and two axe runs in one journey: 17 s on a quiet machine.
  test.setTimeout(90_000);
  await signedInUser(page, 5_000_000);
  const orgName = uniqueName('team');
  await page.goto('/organization');
  await page.getByTestId('org-name').fill(orgName);
  await page.getByTestId('org-create').click();
  // The new org becomes the scope: the top bar's switcher shows it.
  await expect(page.getByTestId('org-switcher')).toContainText(orgName);
  await expect(page.getByTestId('org-members')).toBeVisible();

  const member = await memberPage(browser);
  await page.getByTestId('org-invite-who').fill(member.username);
  await page.getByTestId('org-invite').click();
  const link =
    (await page
      .getByTestId('org-invite-link')
      .locator('code, .arco-typography code')
      .first()
      .textContent()) ?? '';
  expect(link).toContain('/organization/accept?code=');

  await numberInput(page, 'org-fund-amount').fill('1000000');
  await page.getByTestId('org-fund').click();
  await expect(page.getByTestId('org-balance')).toHaveText('$2.00');

  // The member opens the link, accepts, and makes an org key.
  await member.page.goto(link.slice(link.indexOf('/organization')));
  await member.page.getByTestId('org-accept').click();
  await expect(member.page.getByText(`已加入 ${orgName}`)).toBeVisible();
  await member.page.goto('/organization');
  await member.page.getByTestId('org-key-create').click();
  const key =
    (await member.page.getByTestId('org-key').locator('code').first().textContent()) ?? '';
  expect(key).toMatch(/^sk-/);
  const call = () =>
    member.page.request.post('/v1/chat/completions', {
      headers: { authorization: `Bearer ${key}` },
      data: { model: MODEL, messages: [{ role: 'user', content: 'hello' }] },
    });
  expect((await call()).status()).toBe(200);

  // The owner sees the call in the org's log, and caps the member.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('org-log')).toContainText(member.username, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('org-log')).toContainText('消费');

  // The Logs page in the org's scope (the switcher's choice) lists the member's call for the
  // owner; the Dashboard shows the org's usage. The member's own Logs page says it is theirs only.
  await page.goto('/log');
  await expect(page.getByTestId('logs-scope')).toHaveText(`组织：${orgName}（全部成员）`);
  await expect(page.getByTestId('logs-table')).toContainText(member.username);
  await expect(page.getByTestId('logs-table')).toContainText(MODEL);
  await expect(page.getByTestId('log-filter-member')).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await page.goto('/detail');
  await expect(page.getByTestId('dashboard-scope')).toHaveText(`组织：${orgName}（全部成员）`);
  await expect(page.getByTestId('dashboard-charts')).toBeVisible();
  await expect(page.getByTestId('dashboard-totals')).toContainText('1');
  // The cache-hit chart is the org's too: the member's org key has a line (its prompt tokens).
  await expect(page.getByTestId('dashboard-cache-chart').locator('canvas')).toHaveCount(1);
  expect(await seriousFindings(page)).toEqual([]);
  await member.page.goto('/log');
  await expect(member.page.getByTestId('logs-scope')).toHaveText(`组织：${orgName}（仅我的调用）`);
  await expect(member.page.getByTestId('logs-table')).toContainText(MODEL);
  await page.goto('/organization');
  await numberInput(page, `org-cap-${member.username}`).fill('1');
  await page.getByTestId(`org-save-${member.username}`).click();
  await expect(page.getByText('成员已更新')).toBeVisible();
  const refused = await call();
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain('org_member_cap_exceeded');
  await member.page.context().close();

  // An invitation revoked on the Organization page (after a confirm) cannot be accepted.
  const latecomer = uniqueName('org');
  await registerUser(page.request, latecomer, PASSWORD);
  await page.getByTestId('org-invite-who').fill(latecomer);
  await page.getByTestId('org-invite').click();
  // The page was opened afresh, so the link shown is this invitation's.
  await expect(page.getByTestId('org-invite-link')).toContainText('code=');
  const revokedLink =
    (await page.getByTestId('org-invite-link').locator('code').first().textContent()) ?? '';
  const code = new URL(revokedLink, 'http://x').searchParams.get('code') ?? '';
  const pending = page.getByTestId('org-pending-invitations');
  await expect(pending).toContainText(latecomer);
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByTestId(`org-revoke-${latecomer}`).click();
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('邀请已撤销')).toBeVisible();
  await expect(pending).not.toContainText(latecomer);
  // The invitee opening the revoked link is told so; the API answers 410.
  const lateContext = await browser.newContext();
  const latePage = await lateContext.newPage();
  await signIn(latePage, latecomer, PASSWORD);
  await expect(latePage).toHaveURL(/\/token$/);
  await latePage.goto(revokedLink.slice(revokedLink.indexOf('/organization')));
  await latePage.getByTestId('org-accept').click();
  await expect(latePage.getByText('该邀请已被撤销')).toBeVisible();
  await lateContext.close();
  const late = await apiSession(latecomer, PASSWORD);
  const accepted = await late.post('/api/org/invitation/accept', { data: { code } });
  expect(accepted.status()).toBe(410);
  await late.dispose();

  // A reload keeps the scope; the pages fit a phone, with no serious axe finding (tables,
  // selects, inputs, the scope tags) in the org's scope.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, ready] of [
    ['/organization', 'org-members'],
    ['/log', 'logs-scope'],
    ['/detail', 'dashboard-scope'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    if (path !== '/organization') await expect(page.getByTestId(ready)).toContainText(orgName);
    expect(await overflowOf(page), path).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page), path).toEqual([]);
  }
});
