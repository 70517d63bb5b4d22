// The sign-in form sent with /login: for guests where plain password sign-in is on, in the
// visitor's language, escaped, and its inline script allowed by the page's policy.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SIGN_IN_FORM_ID, SIGN_IN_TEXTS } from '@switchyard/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;

const INDEX =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  ctx = await createTestContext();
  const index = join(ctx.dir, 'apps/shell/dist/index.html');
  await mkdir(dirname(index), { recursive: true });
  await writeFile(index, INDEX);
  server = await ctx.start();
});
afterAll(() => ctx.close());

const options = () => server.runtime.options;
afterEach(async () => {
  await options().set('PasswordLoginEnabled', 'true');
  await options().set('TurnstileCheckEnabled', 'false');
  await options().set('SystemName', '');
  await options().set('RegisterEnabled', 'true');
});

const page = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

/** The form's markup, or null when the page has none. */
const formIn = (body: string): string | null =>
  new RegExp(`<div id="${SIGN_IN_FORM_ID}"[\\s\\S]*?</script></div>`).exec(body)?.[0] ?? null;

describe('the sign-in form sent with /login', () => {
  it('comes first in the body, in the language the browser asks for, before the console root', async () => {
    const english = await page('/login', { 'accept-language': 'en-US,en;q=0.9' });
    const form = formIn(english.body);
    expect(form).not.toBeNull();
    expect(english.body.indexOf(SIGN_IN_FORM_ID)).toBeLessThan(english.body.indexOf('id="root"'));
    expect(form).toContain(`<h1><span data-t="title">${SIGN_IN_TEXTS.en.title}</span></h1>`);
    expect(form).toContain(`placeholder="${SIGN_IN_TEXTS.en.usernamePlaceholder}"`);
    expect(form).toContain('name="password" type="password" autocomplete="current-password"');
    expect(form).toContain('<a href="/register">');
    // Hidden until the console's own page replaces it.
    expect(form).toContain(`#${SIGN_IN_FORM_ID}~#root{display:none}`);

    const chinese = formIn((await page('/login', { 'accept-language': 'zh-CN,zh;q=0.9' })).body);
    expect(chinese).toContain(`<label for="sy-si-username"><span data-t="username">用户名</span>`);
    expect(chinese).toContain('data-lang="zh"');
  });

  it('runs its inline script under the page policy: the script hash is in script-src', async () => {
    const reply = await page('/login');
    const script = /<script>([\s\S]*?)<\/script><\/div>/.exec(reply.body)?.[1] ?? '';
    expect(script).toContain('data-submitted');
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
  });

  it('escapes the system name and shows the expired warning when the session ended', async () => {
    await options().set('SystemName', '<img src=x onerror=alert(1)>"');
    const reply = await page('/login?expired=true', { 'accept-language': 'en' });
    const form = formIn(reply.body) ?? '';
    expect(form).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(form).not.toContain('<img src=x');
    expect(form).toContain(
      `<p class="sy-si-alert" role="alert"><span data-t="expired">${SIGN_IN_TEXTS.en.expired}</span></p>`,
    );
    expect(formIn((await page('/login')).body)).not.toContain('class="sy-si-alert"');
  });

  it('leaves out the sign-up link when registration is off', async () => {
    await options().set('RegisterEnabled', 'false');
    const form = formIn((await page('/login')).body) ?? '';
    expect(form).toContain('<a href="/reset">');
    expect(form).not.toContain('<a href="/register">');
  });

  it('is not sent where the console shows something else', async () => {
    // Other pages, and a visitor who is signed in (the console sends them on).
    expect(formIn((await page('/token')).body)).toBeNull();
    expect(formIn((await page('/register')).body)).toBeNull();
    const user = await createUser(server.db);
    const client = server.client();
    expect((await client.login(user.username, user.password)).json.success).toBe(true);
    expect(formIn((await client.get('/login')).text)).toBeNull();
    // Password sign-in off, or Turnstile on: the console's own page handles it.
    await options().set('PasswordLoginEnabled', 'false');
    expect(formIn((await page('/login')).body)).toBeNull();
    await options().set('PasswordLoginEnabled', 'true');
    await options().set('TurnstileCheckEnabled', 'true');
    expect(formIn((await page('/login')).body)).toBeNull();
  });
});
