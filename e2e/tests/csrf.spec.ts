// Cross-site attacks in a real browser (issue 15, finding 2): a page served from another loopback
// port (another origin; the session cookie still rides along) tries a link, an image, a form and
// fetches against a signed-in console session. The account must come out unchanged, and the
// console itself must keep working.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { signTelegramLogin } from '../../apps/server/src/modules/oauth/telegram';
import { readMail, SMTP_PORT_ENV } from '../support/account-fakes';
import { apiSession, consoleHeaders } from '../support/admin-api';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

const BOT_TOKEN = '4242:e2e-csrf-bot';
const PASSWORD = 'csrf-pass-1';
let root: APIRequestContext;
let attacker: http.Server;
let attackerOrigin = '';
let attackPage = '';
const previous = new Map<string, string>();

async function setOption(key: string, value: string) {
  if (!previous.has(key)) {
    const all = (await (await root.get('/api/option/')).json()).data as {
      key: string;
      value: string;
    }[];
    previous.set(key, all.find((entry) => entry.key === key)?.value ?? '');
  }
  const reply = await (await root.put('/api/option/', { data: { key, value } })).json();
  expect(reply.success, `${key}: ${reply.message}`).toBe(true);
}

test.beforeAll(async () => {
  root = await apiSession();
  await setOption('SMTPServer', '127.0.0.1');
  await setOption('SMTPPort', process.env[SMTP_PORT_ENV] ?? '');
  await setOption('TelegramBotToken', BOT_TOKEN);
  await setOption('TelegramOAuthEnabled', 'true');
  attacker = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  const order = [...previous.keys()].sort(
    (a, b) => Number(b.endsWith('Enabled')) - Number(a.endsWith('Enabled')),
  );
  for (const key of order) {
    await root.put('/api/option/', { data: { key, value: previous.get(key) ?? '' } });
  }
  await root.dispose();
  await new Promise((resolve) => attacker.close(resolve));
});

/** Serves `html` from the attacker's origin and opens it in the victim's browser. */
async function visitAttacker(page: Page, html: string): Promise<void> {
  attackPage = `<!doctype html><html><body>${html}</body></html>`;
  await page.goto(attackerOrigin);
}

interface Account {
  email: string;
  telegram_id: string;
  display_name: string;
}

async function account(page: Page): Promise<Account> {
  const reply = await page.request.get('/api/user/self');
  expect(reply.status()).toBe(200);
  return (await reply.json()).data as Account;
}

test('another site cannot change a signed-in account by link, image, form or fetch', async ({
  page,
}) => {
  const username = uniqueName('csrf');
  await registerUser(page.request, username, PASSWORD);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  const headers = await consoleHeaders(page.request);
  const tokenReply = await page.request.get('/api/user/token', { headers });
  const accessToken = (await tokenReply.json()).data as string;
  const before = await account(page);
  const api = E2E_BASE_URL;

  // The attacker's own verification code for their own mailbox, and a Telegram login of theirs.
  const evilMail = `${uniqueName('evil')}@evil.example`;
  await page.request.get('/api/verification', { params: { email: evilMail } });
  const code = /<strong>([A-Za-z0-9]{6})<\/strong>/.exec((await readMail(evilMail)).body)?.[1];
  expect(code).toBeTruthy();
  const login = {
    id: '987654321',
    first_name: 'Mallory',
    auth_date: String(Math.floor(Date.now() / 1000)),
    hash: '',
  };
  const telegram = new URLSearchParams({ ...login, hash: signTelegramLogin(BOT_TOKEN, login) });

  // 1. Links the victim clicks: bind the attacker's email, bind the attacker's Telegram, replace
  //    the access token.
  for (const target of [
    `${api}/api/oauth/email/bind?email=${encodeURIComponent(evilMail)}&code=${code}`,
    `${api}/api/oauth/telegram/bind?${telegram}`,
    `${api}/api/user/token`,
  ]) {
    await visitAttacker(page, `<a id="go" href="${target}">win a prize</a>`);
    await page.click('#go');
    await page.waitForLoadState();
  }

  // 2. An image and an auto-submitted form, and fetches with the cookie but no readable reply.
  await visitAttacker(
    page,
    `<img src="${api}/api/user/logout">
     <iframe name="sink"></iframe>
     <form id="f" method="POST" action="${api}/api/token/" target="sink" enctype="text/plain">
       <input name='{"name":"pwned","remain_quota":0,"unlimited_quota":true,"x":"' value='"}'>
     </form>
     <script>
       document.getElementById('f').submit();
       const opts = { credentials: 'include' };
       window.results = Promise.allSettled([
         fetch('${api}/api/user/self', { ...opts, method: 'PUT', mode: 'no-cors',
           headers: { 'content-type': 'text/plain' }, body: '{"display_name":"pwned"}' }),
         fetch('${api}/api/user/self', { ...opts, method: 'DELETE', mode: 'no-cors' }),
         fetch('${api}/api/user/self', { ...opts, method: 'PUT',
           headers: { 'content-type': 'application/json', 'New-Api-User': '1' },
           body: '{"display_name":"pwned"}' }),
       ]).then((all) => all.map((r) => r.status));
     </script>`,
  );
  const outcomes = await page.evaluate(
    () => (window as unknown as { results: Promise<string[]> }).results,
  );
  // The fetch that adds the header needs CORS, which the server never grants.
  expect(outcomes[2]).toBe('rejected');
  await page.waitForTimeout(500);

  // The account is unchanged, still signed in, and its access token still works.
  expect(await account(page)).toEqual(before);
  const tokens = await (await page.request.get('/api/token/', { headers })).json();
  expect(JSON.stringify(tokens.data)).not.toContain('pwned');
  // A client of the access token (no cookie) still gets in: the token was not replaced.
  const tokenClient = await request.newContext({ baseURL: E2E_BASE_URL });
  const asToken = { authorization: `Bearer ${accessToken}` };
  expect((await tokenClient.get('/api/user/self', { headers: asToken })).status()).toBe(200);

  // The console itself still works for the victim (its own calls carry the header).
  await page.goto('/setting?tab=personal');
  await expect(page.getByTestId('personal-username')).toHaveText(username);
  await page.getByTestId('personal-token-generate').click();
  const shown = page
    .locator('input[data-testid="personal-token"], [data-testid="personal-token"] input')
    .first();
  await expect(shown).toHaveValue(/[A-Za-z0-9_-]{20,}/);
  // …which really replaced the old one (the link did not).
  expect((await tokenClient.get('/api/user/self', { headers: asToken })).status()).toBe(401);
  await tokenClient.dispose();
});
