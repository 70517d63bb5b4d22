// The super admin's settings: changes show in the running console without a reload, the spec's
// form rules hold, and only root's browser ever loads the settings remote. Every journey puts the
// options it changed back (the server is shared with the other journeys).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { OptionEntry, PublicStatus } from '@switchyard/contracts';
import { consoleHeaders } from '../support/admin-api';
import { registerUser, sidebarKeys, signIn, uniqueName } from '../support/console';

/** Signs root in through the login page (and past the default-password notice). */
async function signInRoot(page: Page): Promise<void> {
  await signIn(page, 'root', '123456');
  await expect(page.getByTestId('default-password-modal')).toBeVisible();
}

async function putOption(request: APIRequestContext, key: string, value: string): Promise<void> {
  const reply = await request.put('/api/option/', {
    data: { key, value },
    headers: await consoleHeaders(request),
  });
  const body = (await reply.json()) as { success: boolean; message: string };
  expect(body.success, `${key}: ${body.message}`).toBe(true);
}

async function optionValue(
  request: APIRequestContext,
  key: string,
): Promise<OptionEntry | undefined> {
  const body = (await (await request.get('/api/option/')).json()) as { data: OptionEntry[] };
  return body.data.find((entry) => entry.key === key);
}

async function openTab(page: Page, tab: 'operation' | 'system' | 'other'): Promise<void> {
  await page.goto(`/setting?tab=${tab}`);
  await expect(page.getByTestId(`${tab}-settings`)).toBeVisible();
}

test('root turns drawing on and the drawing item appears in the sidebar at once', async ({
  page,
}) => {
  await signInRoot(page);
  await putOption(page.request, 'DrawingEnabled', 'false');
  try {
    await openTab(page, 'operation');
    expect(await sidebarKeys(page)).not.toContain('midjourney');
    const drawing = page.getByTestId('section-drawing');
    await drawing.getByTestId('option-DrawingEnabled').click();
    await drawing.getByTestId('save-drawing').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByTestId('nav-midjourney')).toBeVisible();
  } finally {
    await putOption(page.request, 'DrawingEnabled', 'true');
  }
});

test('root sets a chat link and the chat item appears', async ({ page }) => {
  await signInRoot(page);
  try {
    await openTab(page, 'operation');
    await expect(page.getByTestId('nav-chat')).toHaveCount(0);
    await page.getByTestId('option-ChatLink').fill('https://chat.example.com');
    await page.getByTestId('save-general').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByTestId('nav-chat')).toBeVisible();
  } finally {
    await putOption(page.request, 'ChatLink', '');
  }
});

test('root edits the footer, previews it, and it shows in the console', async ({ page }) => {
  await signInRoot(page);
  try {
    await openTab(page, 'other');
    const footerSection = page.getByTestId('section-Footer');
    await footerSection
      .getByTestId('option-Footer')
      .fill(
        '<span class="e2e-footer">Run by the e2e team</span><img src=x onerror="window.hit=1">',
      );
    await footerSection.getByTestId('preview-toggle-Footer').click();
    await expect(footerSection.getByTestId('preview-Footer')).toContainText('Run by the e2e team');
    await footerSection.getByTestId('save-Footer').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByTestId('footer')).toContainText('Run by the e2e team');
    // Sanitised: the handler never ran.
    expect(await page.evaluate(() => (window as { hit?: number }).hit)).toBeUndefined();
  } finally {
    await putOption(page.request, 'Footer', '');
  }
});

test('turning password login off asks first, then the login page offers no password form', async ({
  page,
  browser,
}) => {
  await signInRoot(page);
  try {
    await openTab(page, 'system');
    const login = page.getByTestId('section-login');
    const toggle = login.getByTestId('option-PasswordLoginEnabled');

    await toggle.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确定要关闭密码登录吗？' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await toggle.click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await login.getByTestId('save-login').click();
    await expect(page.getByText('保存成功')).toBeVisible();

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto('/login');
    await expect(guestPage.getByTestId('password-login-off')).toBeVisible();
    await guest.close();
  } finally {
    await putOption(page.request, 'PasswordLoginEnabled', 'true');
  }
  const status = (await (await page.request.get('/api/status')).json()) as { data: PublicStatus };
  expect(status.data.password_login).toBe(true);
});

test('an invalid GroupRatio shows the spec message and is not stored', async ({ page }) => {
  await signInRoot(page);
  const before = (await optionValue(page.request, 'GroupRatio'))?.value;
  await openTab(page, 'operation');
  const pricing = page.getByTestId('section-pricing');
  await pricing.getByTestId('option-GroupRatio').fill('{"default": 1, "vip": }');
  await pricing.getByTestId('save-pricing').click();
  await expect(page.getByText('分组倍率不是合法的 JSON 字符串')).toBeVisible();
  expect((await optionValue(page.request, 'GroupRatio'))?.value).toBe(before);

  // Saving again without a change warns instead.
  await pricing
    .getByTestId('option-GroupRatio')
    .fill(JSON.stringify(JSON.parse(before ?? '{}'), null, 2));
  await pricing.getByTestId('save-pricing').click();
  await expect(page.getByText('你似乎并没有修改什么')).toBeVisible();
});

test('a secret is write-only: shown as set, never sent back', async ({ page }) => {
  await signInRoot(page);
  try {
    await openTab(page, 'system');
    const smtp = page.getByTestId('section-smtp');
    await expect(smtp.getByTestId('secret-state-SMTPToken')).toHaveText('未设置');
    await smtp.getByTestId('option-SMTPToken').fill('e2e-smtp-secret');
    await smtp.getByTestId('save-smtp').click();
    await expect(smtp.getByTestId('secret-state-SMTPToken')).toHaveText('已设置');
    await expect(smtp.getByTestId('option-SMTPToken')).toHaveValue('');
    const listing = await (await page.request.get('/api/option/')).text();
    expect(listing).not.toContain('e2e-smtp-secret');
    await page.reload();
    await expect(page.getByTestId('secret-state-SMTPToken')).toHaveText('已设置');
  } finally {
    await putOption(page.request, 'SMTPToken', '');
  }
});

test('an ordinary user sees only the personal tab and never loads the settings remote', async ({
  page,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/([^/]+)\//);
    if (match?.[1]) remoteRequests.push(match[1]);
  });
  const username = uniqueName('s');
  await registerUser(page.request, username, 'password-123');
  await signIn(page, username, 'password-123');
  await expect(page).toHaveURL(/\/token$/);

  for (const tab of ['operation', 'system', 'other']) {
    await page.goto(`/setting?tab=${tab}`);
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('tab-personal')).toBeVisible();
    await expect(page.getByTestId(`tab-${tab}`)).toHaveCount(0);
  }
  expect((await page.request.get('/api/option/')).status()).toBe(403);
  expect(remoteRequests).not.toContain('settings');
});
