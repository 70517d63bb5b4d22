// WeChat sign-in journey: root points the WeChat verification server at a fake on 127.0.0.1 and
// switches WeChat sign-in on; a user whose account is bound to a WeChat id signs in by typing the
// official account's code into the login page's WeChat dialog. Every option changed is restored.
import { expect, test } from '@playwright/test';
import { startFakeWeChat } from '../../apps/server/test/fakes/http-fakes';
import { apiSession } from '../support/admin-api';
import { getOptions, rootApi, setOption } from '../support/billing';
import { registerUser, uniqueName } from '../support/console';

const SERVER_TOKEN = 'e2e-wechat-token';
const PASSWORD = 'wechat-pass-1';
/** Restored in this order: the switch first, then the values it depends on. */
const CHANGED = [
  'WeChatAuthEnabled',
  'WeChatServerAddress',
  'WeChatServerToken',
  'WeChatAccountQRCodeImageURL',
];

test('a user bound to WeChat signs in with the code typed into the login dialog', async ({
  page,
}) => {
  const username = uniqueName('wx');
  const wechatId = `wx-openid-${username}`;
  const codes = new Map([
    ['bind-code-1', wechatId],
    ['login-code-1', wechatId],
  ]);
  const fake = await startFakeWeChat(SERVER_TOKEN, codes);
  const root = await rootApi();
  const before = await getOptions(root);
  const qrcode = `${fake.url}/qrcode.png`;
  try {
    await setOption(root, 'WeChatServerAddress', fake.url);
    await setOption(root, 'WeChatServerToken', SERVER_TOKEN);
    await setOption(root, 'WeChatAccountQRCodeImageURL', qrcode);
    await setOption(root, 'WeChatAuthEnabled', 'true');

    await registerUser(page.request, username, PASSWORD);
    const user = await apiSession(username, PASSWORD);
    const bound = await (
      await user.get('/api/oauth/wechat/bind', { params: { code: 'bind-code-1' } })
    ).json();
    expect(bound.success, bound.message).toBe(true);
    await user.dispose();

    await page.goto('/login');
    await page.getByTestId('login-wechat').click();
    const dialog = page.getByTestId('wechat-modal');
    await expect(dialog.locator('img')).toHaveAttribute('src', qrcode);
    const codeBox = page
      .locator('input[data-testid="wechat-code"], [data-testid="wechat-code"] input')
      .first();

    await codeBox.fill('not-a-code');
    await page.getByTestId('wechat-submit').click();
    await expect(page.getByText('验证码错误或已过期')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await codeBox.fill('login-code-1');
    await codeBox.press('Enter');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    const self = await (await page.request.get('/api/user/self')).json();
    expect(self.data.username).toBe(username);
    expect(self.data.wechat_id).toBe(wechatId);

    // The fake also served the QR image the dialog loaded; only the code look-ups count here.
    const lookups = fake.requests.filter((request) => request.url.startsWith('/api/wechat/user'));
    const asked = lookups.map((request) => new URL(request.url, fake.url));
    expect(asked.map((url) => url.searchParams.get('code'))).toEqual([
      'bind-code-1',
      'not-a-code',
      'login-code-1',
    ]);
    expect(lookups.every((request) => request.headers.authorization === SERVER_TOKEN)).toBe(true);
  } finally {
    for (const key of CHANGED) await setOption(root, key, before[key] ?? '');
    await root.dispose();
    await fake.close();
  }
});
