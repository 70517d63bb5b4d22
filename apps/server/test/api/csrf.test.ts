// Cross-site attacks on a signed-in session (issue 15, finding 2). A link, form or fetch from another
// site carries the SameSite=Lax session cookie but can add no custom header: each attack below is
// the request such a page makes (cookie only) and must change nothing, while the console's own
// call (with New-Api-User) and an access-token call keep working.
import { SESSION_COOKIE, type TelegramLogin } from '@switchyard/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTelegramLogin } from '../../src/modules/oauth/telegram';
import { findUserById } from '../../src/modules/users/users.repository';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { createUser } from '../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;
let sink: SmtpSink;
const BOT_TOKEN = '777:csrf-bot';

const setOption = (key: Parameters<TestServer['runtime']['options']['set']>[0], value: string) =>
  server.runtime.options.set(key, value);

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext();
  server = await ctx.start();
  await setOption('SMTPServer', '127.0.0.1');
  await setOption('SMTPPort', String(sink.port));
  await setOption('SMTPAccount', 'mailer@example.com');
  await setOption('SMTPToken', 'smtp-secret');
  await setOption('ServerAddress', 'http://console.example');
  await setOption('TelegramBotToken', BOT_TOKEN);
  await setOption('TelegramOAuthEnabled', 'true');
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

/** What another site's link, form or no-cors fetch sends: the victim's cookie and nothing else. */
function crossSite(cookie: string | undefined, method: InjectOptions['method'], url: string) {
  return server.app.inject({
    method,
    url,
    headers: {
      cookie: `${SESSION_COOKIE}=${cookie}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
}

async function victim() {
  const user = await createUser(server.db);
  const client = server.client();
  await client.login(user.username, user.password);
  return { user, client };
}

const codeIn = (body: string): string => {
  const code = /<strong>([A-Za-z0-9]{6})<\/strong>/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
};

describe('state-changing GETs reached by a link', () => {
  it('does not bind the attacker’s email to the victim (the takeover of the audit)', async () => {
    const { user, client } = await victim();
    // The attacker asks for a code for their own mailbox…
    await server.client().get('/api/verification?email=attacker@evil.example');
    const code = codeIn((await sink.next('attacker@evil.example')).body);
    // …and the victim opens the attacker's link.
    const attack = await crossSite(
      client.cookie,
      'GET',
      `/api/oauth/email/bind?email=attacker@evil.example&code=${code}`,
    );
    expect(attack.statusCode).toBe(401);
    expect((await findUserById(server.db, user.id))?.email).toBeNull();
    // The console's own call binds.
    const own = await client.get(`/api/oauth/email/bind?email=attacker@evil.example&code=${code}`);
    expect(own.json.success).toBe(true);
  });

  it('does not bind the attacker’s Telegram account through the widget redirect', async () => {
    const { user, client } = await victim();
    const data: TelegramLogin = {
      id: '424242',
      first_name: 'Mallory',
      auth_date: String(Math.floor(Date.now() / 1000)),
      hash: '',
    };
    const signed = { ...data, hash: signTelegramLogin(BOT_TOKEN, data) };
    const query = new URLSearchParams(signed);
    // No state, then the attacker's own state (issued to the attacker's session).
    const attacker = await victim();
    const foreign = await attacker.client.get<string>('/api/oauth/state');
    for (const state of ['', `&state=${foreign.json.data}`, '&state=1.2.3']) {
      const attack = await crossSite(
        client.cookie,
        'GET',
        `/api/oauth/telegram/bind?${query}${state}`,
      );
      expect(attack.statusCode).toBe(302);
      expect(
        new URL(attack.headers.location as string, 'http://x').searchParams.get('bind_error'),
      ).toBeTruthy();
    }
    expect((await findUserById(server.db, user.id))?.telegram_id).toBeFalsy();
    // The console's widget URL carries a state bound to the victim's own session.
    const own = await client.get<string>('/api/oauth/state');
    const bound = await crossSite(
      client.cookie,
      'GET',
      `/api/oauth/telegram/bind?${query}&state=${own.json.data}`,
    );
    expect(bound.headers.location).toBe('/setting?tab=personal');
    expect((await findUserById(server.db, user.id))?.telegram_id).toBe('424242');
  });

  it('neither replaces the access token nor signs out, nor binds WeChat, by a link', async () => {
    const { user, client } = await victim();
    const token = await client.get<string>('/api/user/token');
    const before = (await findUserById(server.db, user.id))?.access_token;
    expect((await crossSite(client.cookie, 'GET', '/api/user/token')).statusCode).toBe(401);
    expect((await findUserById(server.db, user.id))?.access_token).toBe(before);
    expect(
      (await crossSite(client.cookie, 'GET', '/api/oauth/wechat/bind?code=x')).statusCode,
    ).toBe(401);
    expect((await crossSite(client.cookie, 'GET', '/api/user/logout')).statusCode).toBe(401);
    expect((await client.get('/api/user/self')).status).toBe(200);
    // The token made by the console still works, and the console's logout still signs out.
    const byToken = await server.client().get('/api/user/self', {
      authorization: `Bearer ${token.json.data}`,
    });
    expect(byToken.status).toBe(200);
    expect((await client.get('/api/user/logout')).json.success).toBe(true);
  });
});

describe('state-changing POST, PUT and DELETE from another site', () => {
  it('refuses an empty form post, a form put and a delete carrying only the cookie', async () => {
    const { user, client } = await victim();
    const tokens = await server.db.selectFrom('tokens').select('id').execute();
    expect((await crossSite(client.cookie, 'POST', '/api/token/')).statusCode).toBe(401);
    expect((await crossSite(client.cookie, 'DELETE', '/api/user/self')).statusCode).toBe(401);
    expect((await crossSite(client.cookie, 'PUT', '/api/user/self')).statusCode).toBe(401);
    expect(await server.db.selectFrom('tokens').select('id').execute()).toEqual(tokens);
    expect((await findUserById(server.db, user.id))?.deleted_at).toBeNull();
  });

  it('refuses another user’s id in New-Api-User', async () => {
    const { user, client } = await victim();
    const reply = await client.put(
      '/api/user/self',
      { display_name: 'pwned' },
      {
        'New-Api-User': String(user.id + 1),
      },
    );
    expect(reply.status).toBe(401);
    expect((await findUserById(server.db, user.id))?.display_name).toBe(user.username);
  });

  it('keeps access-token calls working without the header', async () => {
    const { user, client } = await victim();
    const token = (await client.get<string>('/api/user/token')).json.data;
    const reply = await server.app.inject({
      method: 'PUT',
      url: '/api/user/self',
      headers: { authorization: `Bearer ${token}` },
      payload: { display_name: 'by-token' },
    });
    expect(JSON.parse(reply.body)).toMatchObject({ success: true });
    expect((await findUserById(server.db, user.id))?.display_name).toBe('by-token');
  });
});
