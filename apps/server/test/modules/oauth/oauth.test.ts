// Third-party sign-in against local stand-ins: GitHub's OAuth flow (authorize → token → user),
// the WeChat verification server, and Telegram's widget hash (valid, forged, stale).
import { SESSION_COOKIE, type SessionUser, type TelegramLogin } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTelegramLogin } from '../../../src/modules/oauth/telegram';
import { findUserById } from '../../../src/modules/users/users.repository';
import { type FakeServer, startFakeGitHub, startFakeWeChat } from '../../fakes/http-fakes';
import { countRows, createUser } from '../../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let github: FakeServer;
let wechat: FakeServer;
/** The state cookie of the last /api/oauth/state (the TestClient keeps only the session cookie). */
let lastStateCookie = '';
const BOT_TOKEN = '123456:bot-token';

const setOption = (key: Parameters<TestServer['runtime']['options']['set']>[0], value: string) =>
  server.runtime.options.set(key, value);

beforeAll(async () => {
  github = await startFakeGitHub({
    clientId: 'gh-client',
    clientSecret: 'gh-secret',
    accounts: new Map([
      ['code-octo', { id: 101, login: 'octocat', name: 'The Octocat' }],
      ['code-hubot', { id: 102, login: 'hubot', name: 'Hubot' }],
      ['code-taken', { id: 103, login: 'taken', name: 'Taken' }],
    ]),
  });
  wechat = await startFakeWeChat('wx-token', new Map([['wx-code', 'wx-openid-1']]));
  ctx = await createTestContext();
  server = await ctx.start({ GITHUB_OAUTH_URL: github.url, GITHUB_API_URL: github.url });
  await setOption('GitHubClientId', 'gh-client');
  await setOption('GitHubClientSecret', 'gh-secret');
  await setOption('GitHubOAuthEnabled', 'true');
  await setOption('WeChatServerAddress', wechat.url);
  await setOption('WeChatServerToken', 'wx-token');
  await setOption('WeChatAuthEnabled', 'true');
  await setOption('TelegramBotToken', BOT_TOKEN);
  await setOption('TelegramOAuthEnabled', 'true');
});
afterAll(async () => {
  await ctx.close();
  await github.close();
  await wechat.close();
});

describe('GitHub', () => {
  it('signs up and signs in with an unknown GitHub account, and again as the same user', async () => {
    await setOption('QuotaForNewUser', '250000');
    const stateReply = await server.app.inject({ method: 'GET', url: '/api/oauth/state' });
    const cookie = stateReply.cookies.find((c) => c.name === 'switchyard_oauth_state');
    expect(cookie?.httpOnly).toBe(true);
    lastStateCookie = `switchyard_oauth_state=${cookie?.value}`;
    const client = server.client();
    const state = JSON.parse(stateReply.body).data as string;
    const authorize = new URL('/login/oauth/authorize', github.url);
    authorize.searchParams.set('state', state);
    authorize.searchParams.set('login', 'octocat');
    authorize.searchParams.set('redirect_uri', 'http://console.example/oauth/github');
    const back = new URL(
      (await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    expect(back.searchParams.get('state')).toBe(state);
    const first = await client.get<SessionUser>(`/api/oauth/github${back.search}`, {
      cookie: lastStateCookie,
    });
    expect(first.json).toMatchObject({ success: true, data: { display_name: 'The Octocat' } });
    expect(client.cookie).toBeDefined();
    expect((await client.get('/api/user/self')).status).toBe(200);
    const row = await findUserById(server.db, first.json.data?.id ?? 0);
    expect(row?.github_id).toBe('101');
    // The sign-up gift is granted and logged, as on password registration.
    expect(row?.quota).toBe(250_000);
    const gift = await server.db
      .selectFrom('logs')
      .select(['type', 'content'])
      .where('user_id', '=', row?.id ?? 0)
      .execute();
    expect(gift).toEqual([{ type: 4, content: expect.stringContaining('$0.50') }]);
    await setOption('QuotaForNewUser', '0');
    const tokenCall = github.requests.find((r) => r.url === '/login/oauth/access_token');
    expect(JSON.parse(tokenCall?.body ?? '{}')).toMatchObject({ client_secret: 'gh-secret' });

    const users = await countRows(server.db, 'users');
    const again = await githubLogin('octocat');
    expect(again.json.data?.id).toBe(first.json.data?.id);
    expect(await countRows(server.db, 'users')).toBe(users);
  });

  it('binds GitHub to the signed-in user with the message bind', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const reply = await githubLogin('hubot', client);
    expect(reply.json).toMatchObject({ success: true, message: 'bind' });
    expect((await findUserById(server.db, user.id))?.github_id).toBe('102');
  });

  it('refuses binding an account another user holds', async () => {
    const holder = await createUser(server.db);
    await server.db
      .updateTable('users')
      .set({ github_id: '103' })
      .where('id', '=', holder.id)
      .execute();
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const reply = await githubLogin('taken', client);
    expect(reply.json.success).toBe(false);
    expect((await findUserById(server.db, user.id))?.github_id).toBeNull();
  });

  it('refuses a missing or mismatched state, and a code GitHub rejects', async () => {
    const noState = await server.client().get('/api/oauth/github?code=code-octo');
    expect(noState.json.success).toBe(false);
    await freshState();
    const mismatch = await server.client().get('/api/oauth/github?code=code-octo&state=forged', {
      cookie: lastStateCookie,
    });
    expect(mismatch.json.success).toBe(false);
    const state = await freshState();
    const badCode = await server.client().get(`/api/oauth/github?code=nope&state=${state}`, {
      cookie: lastStateCookie,
    });
    expect(badCode.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/GitHub/),
    });
  });

  it('refuses when GitHub sign-in is off', async () => {
    await setOption('GitHubOAuthEnabled', 'false');
    try {
      expect((await githubLogin('octocat')).json.success).toBe(false);
    } finally {
      await setOption('GitHubOAuthEnabled', 'true');
    }
  });

  it('publishes the configured authorize host in the status', async () => {
    const status = await server.client().get<{ github_oauth_url: string }>('/api/status');
    expect(status.json.data?.github_oauth_url).toBe(github.url);
  });
});

/** A state as the console asks for it: signed in, the server binds it to the session. */
async function freshState(client?: { cookie: string | undefined }): Promise<string> {
  const reply = await server.app.inject({
    method: 'GET',
    url: '/api/oauth/state',
    headers: client?.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {},
  });
  const cookie = reply.cookies.find((c) => c.name === 'switchyard_oauth_state');
  lastStateCookie = `switchyard_oauth_state=${cookie?.value}`;
  return JSON.parse(reply.body).data as string;
}

async function githubLogin(login: string, client = server.client()) {
  const state = await freshState(client);
  const authorize = new URL('/login/oauth/authorize', github.url);
  authorize.searchParams.set('state', state);
  authorize.searchParams.set('login', login);
  authorize.searchParams.set('redirect_uri', 'http://console.example/oauth/github');
  const back = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '',
  );
  const session = client.cookie ? `${SESSION_COOKIE}=${client.cookie}; ` : '';
  return client.get<SessionUser>(`/api/oauth/github${back.search}`, {
    cookie: `${session}${lastStateCookie}`,
  });
}

describe('WeChat', () => {
  it('signs in with a code the WeChat server accepts, and binds one', async () => {
    const reply = await server.client().get<SessionUser>('/api/oauth/wechat?code=wx-code');
    expect(reply.json.success).toBe(true);
    expect(wechat.requests.at(-1)?.headers.authorization).toBe('wx-token');
    expect((await findUserById(server.db, reply.json.data?.id ?? 0))?.wechat_id).toBe(
      'wx-openid-1',
    );

    const bad = await server.client().get('/api/oauth/wechat?code=wrong');
    expect(bad.json.success).toBe(false);

    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const taken = await client.get('/api/oauth/wechat/bind?code=wx-code');
    expect(taken.json.success).toBe(false);
  });

  it('refuses when the server token is wrong', async () => {
    await setOption('WeChatServerToken', 'not-it');
    try {
      expect((await server.client().get('/api/oauth/wechat?code=wx-code')).json.success).toBe(
        false,
      );
    } finally {
      await setOption('WeChatServerToken', 'wx-token');
    }
  });
});

describe('Telegram', () => {
  const widget = (id: string, authDate: number): TelegramLogin => {
    const data: TelegramLogin = {
      id,
      first_name: 'Tele',
      username: 'teleuser',
      auth_date: String(authDate),
      hash: '',
    };
    return { ...data, hash: signTelegramLogin(BOT_TOKEN, data) };
  };
  const query = (data: TelegramLogin, state = '') =>
    new URLSearchParams({ ...data, lang: 'en', ...(state ? { state } : {}) }).toString();
  const now = () => Math.floor(Date.now() / 1000);

  it('binds with a valid widget login and then signs in with it', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const state = await freshState(client);
    const bind = await client.get(
      `/api/oauth/telegram/bind?${query(widget('5551', now()), state)}`,
    );
    expect(bind.status).toBe(302);
    expect(bind.headers.location).toBe('/setting?tab=personal');
    expect((await findUserById(server.db, user.id))?.telegram_id).toBe('5551');

    const login = await server
      .client()
      .get<SessionUser>(`/api/oauth/telegram/login?${query(widget('5551', now()))}`);
    expect(login.json).toMatchObject({ success: true, data: { id: user.id } });
  });

  it('sends a refused bind back to the settings page with the reason', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const forged = { ...widget('5552', now()), username: 'someone-else' };
    const bind = await client.get(
      `/api/oauth/telegram/bind?${query(forged, await freshState(client))}`,
      {
        'accept-language': 'en',
      },
    );
    expect(bind.status).toBe(302);
    const location = new URL(bind.headers.location as string, 'http://console.example');
    expect(location.pathname).toBe('/setting');
    expect(location.searchParams.get('tab')).toBe('personal');
    expect(location.searchParams.get('bind_error')).toMatch(/invalid/);
    expect((await findUserById(server.db, user.id))?.telegram_id).toBeFalsy();
  });

  it('refuses a forged hash and a stale login', async () => {
    const forged = { ...widget('5551', now()), username: 'someone-else' };
    const reply = await server.client().get(`/api/oauth/telegram/login?${query(forged)}`);
    expect(reply.json).toMatchObject({ success: false, message: expect.stringMatching(/invalid/) });
    const stale = widget('5551', now() - 2 * 24 * 60 * 60);
    const old = await server.client().get(`/api/oauth/telegram/login?${query(stale)}`);
    expect(old.json.success).toBe(false);
  });

  it('does not create accounts for unbound Telegram users', async () => {
    const users = await countRows(server.db, 'users');
    const reply = await server
      .client()
      .get(`/api/oauth/telegram/login?${query(widget('999', now()))}`);
    expect(reply.json.success).toBe(false);
    expect(await countRows(server.db, 'users')).toBe(users);
  });
});
