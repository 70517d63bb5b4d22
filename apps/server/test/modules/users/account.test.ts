// Mail-driven flows against a real SMTP server on 127.0.0.1 (codes and links read from the
// received message), Turnstile against a local verify endpoint, referral transfers under
// concurrency, and the own-models list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/lib/clock';
import { findUserById } from '../../../src/modules/users/users.repository';
import { type FakeServer, startFakeTurnstile } from '../../fakes/http-fakes';
import { type SmtpSink, startSmtpSink } from '../../fakes/smtp-sink';
import { countRows, createUser } from '../../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../../helpers/server';

let ctx: TestContext;
let server: TestServer;
let sink: SmtpSink;
let turnstile: FakeServer;
/** Real time moved forward by `offset` seconds, to expire codes and links. */
const clock: Clock & { offset: number } = {
  offset: 0,
  now: () => Math.floor(Date.now() / 1000) + clock.offset,
};

const setOption = (key: Parameters<TestServer['runtime']['options']['set']>[0], value: string) =>
  server.runtime.options.set(key, value);

const codeIn = (body: string): string => {
  const code = /<strong>([A-Za-z0-9]{6})<\/strong>/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
};

const linkIn = (body: string): URL => {
  const href = /href="([^"]+)"/.exec(body)?.[1];
  if (!href) throw new Error(`no link in ${body}`);
  return new URL(href.replace(/&#38;|&amp;/g, '&'));
};

beforeAll(async () => {
  sink = await startSmtpSink();
  turnstile = await startFakeTurnstile('ts-secret', 'pass-token');
  ctx = await createTestContext();
  server = await ctx.start({ TURNSTILE_VERIFY_URL: `${turnstile.url}/siteverify` }, clock);
  await setOption('SMTPServer', '127.0.0.1');
  await setOption('SMTPPort', String(sink.port));
  await setOption('SMTPAccount', 'mailer@example.com');
  await setOption('SMTPToken', 'smtp-secret');
  await setOption('ServerAddress', 'http://console.example');
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
  await turnstile.close();
});
beforeEach(() => {
  clock.offset = 0;
});

describe('registration with an email code', () => {
  beforeAll(() => setOption('EmailVerificationEnabled', 'true'));
  afterAll(() => setOption('EmailVerificationEnabled', 'false'));

  it('mails a code that registers once, and not after it is used', async () => {
    const client = server.client();
    const sent = await client.get('/api/verification?email=new1@example.com');
    expect(sent.json).toMatchObject({ success: true });
    const mail = await sink.next('new1@example.com');
    expect(mail.subject).toMatch(/verification code/);
    const code = codeIn(mail.body);

    const body = { username: 'mailuser1', password: 'password123', email: 'new1@example.com' };
    const without = await client.post('/api/user/register', body);
    expect(without.json.success).toBe(false);
    const wrong = await client.post('/api/user/register', { ...body, verification_code: 'zzzzzz' });
    expect(wrong.json).toMatchObject({ success: false, message: expect.stringMatching(/wrong/) });
    const right = await client.post('/api/user/register', { ...body, verification_code: code });
    expect(right.json.success).toBe(true);
    const again = await client.post('/api/user/register', {
      ...body,
      username: 'mailuser2',
      verification_code: code,
    });
    expect(again.json.success).toBe(false);
    const rows = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new1@example.com')
      .execute();
    expect(rows.map((row) => row.username)).toEqual(['mailuser1']);
  });

  it('gives one account and one clean refusal when two sign up with one email at once', async () => {
    const client = server.client();
    const email = 'race@example.com';
    await client.get(`/api/verification?email=${email}`);
    const first = codeIn((await sink.next(email)).body);
    await client.get(`/api/verification?email=${email}`);
    const second = codeIn((await sink.next(email)).body);
    const replies = await Promise.all(
      [first, second].map((code, i) =>
        server.client().post('/api/user/register', {
          username: `race${i}`,
          password: 'password123',
          email,
          verification_code: code,
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(replies.filter((reply) => reply.json.success)).toHaveLength(1);
    const rows = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an expired code', async () => {
    const client = server.client();
    await client.get('/api/verification?email=late@example.com');
    const code = codeIn((await sink.next('late@example.com')).body);
    clock.offset = 11 * 60;
    const reply = await client.post('/api/user/register', {
      username: 'lateuser',
      password: 'password123',
      email: 'late@example.com',
      verification_code: code,
    });
    expect(reply.json).toMatchObject({ success: false, message: expect.stringMatching(/expired/) });
  });

  it('answers as for a free address but sends no code to an address already in use', async () => {
    await createUser(server.db, { email: 'taken@example.com' });
    const free = await server.client().get('/api/verification?email=free@example.com');
    await sink.next('free@example.com');
    const before = sink.mails.length;
    const reply = await server.client().get('/api/verification?email=taken@example.com');
    expect(reply.json).toEqual(free.json);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.length).toBe(before);
  });

  it('applies the domain whitelist and the alias restriction', async () => {
    await setOption('EmailDomainRestrictionEnabled', 'true');
    await setOption('EmailDomainWhitelist', 'allowed.example');
    await setOption('EmailAliasRestrictionEnabled', 'true');
    try {
      const client = server.client();
      const outside = await client.get('/api/verification?email=a@other.example');
      expect(outside.json).toMatchObject({
        success: false,
        message: expect.stringMatching(/domain/),
      });
      const alias = await client.get('/api/verification?email=a%2Btag@allowed.example');
      expect(alias.json).toMatchObject({ success: false, message: expect.stringMatching(/alias/) });
      const fine = await client.get('/api/verification?email=a@allowed.example');
      expect(fine.json.success).toBe(true);
      await sink.next('a@allowed.example');
    } finally {
      await setOption('EmailDomainRestrictionEnabled', 'false');
      await setOption('EmailAliasRestrictionEnabled', 'false');
    }
  });

  it('says clearly when no SMTP server is configured', async () => {
    await setOption('SMTPServer', '');
    try {
      const reply = await server.client().get('/api/verification?email=nomail@example.com');
      expect(reply.json).toMatchObject({ success: false, message: expect.stringMatching(/SMTP/) });
    } finally {
      await setOption('SMTPServer', '127.0.0.1');
    }
  });

  it('rejects a malformed address with a 400', async () => {
    expect((await server.client().get('/api/verification?email=nope')).status).toBe(400);
  });
});

describe('binding an email', () => {
  it('binds the address after the mailed code, once', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await client.get('/api/verification?email=bind1@example.com');
    const code = codeIn((await sink.next('bind1@example.com')).body);
    const wrong = await client.get('/api/oauth/email/bind?email=bind1@example.com&code=xxxxxx');
    expect(wrong.json.success).toBe(false);
    const bound = await client.get(`/api/oauth/email/bind?email=bind1@example.com&code=${code}`);
    expect(bound.json.success).toBe(true);
    expect((await findUserById(server.db, user.id))?.email).toBe('bind1@example.com');
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password once', async () => {
    const user = await createUser(server.db, { email: 'reset1@example.com' });
    const old = server.client();
    await old.login(user.username, user.password);
    const asked = await server.client().get('/api/reset_password?email=reset1@example.com');
    expect(asked.json.success).toBe(true);
    const link = linkIn((await sink.next('reset1@example.com')).body);
    expect(`${link.origin}${link.pathname}`).toBe('http://console.example/user/reset');
    const email = link.searchParams.get('email');
    const token = link.searchParams.get('token');
    expect(email).toBe('reset1@example.com');

    const reset = await server.client().post<string>('/api/user/reset', { email, token });
    expect(reset.json.success).toBe(true);
    const password = reset.json.data ?? '';
    expect(password).toHaveLength(12);
    expect((await server.client().login(user.username, password)).json.success).toBe(true);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(false);
    expect((await old.get('/api/user/self')).status).toBe(401);

    const twice = await server.client().post('/api/user/reset', { email, token });
    expect(twice.json.success).toBe(false);
  });

  // Issue 27, point 3: the owner recovering the account by mail shuts out whoever minted an
  // access token while holding it.
  it('revokes the system access token when the mailed link sets a new password', async () => {
    const user = await createUser(server.db, { email: 'reset-token@example.com' });
    const intruder = server.client();
    await intruder.login(user.username, user.password);
    const minted = (await intruder.get<string>('/api/user/token')).json.data ?? '';
    const byToken = () => server.client().get('/api/user/self', { authorization: minted });
    expect((await byToken()).status).toBe(200);
    await server.client().get('/api/reset_password?email=reset-token@example.com');
    const link = linkIn((await sink.next('reset-token@example.com')).body);
    const reset = await server.client().post<string>('/api/user/reset', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    });
    expect(reset.json.success).toBe(true);
    expect((await byToken()).status).toBe(401);
    expect((await findUserById(server.db, user.id))?.access_token).toBeNull();
  });

  it('refuses an expired token and a token for another address', async () => {
    await createUser(server.db, { email: 'reset2@example.com' });
    await createUser(server.db, { email: 'reset3@example.com' });
    await server.client().get('/api/reset_password?email=reset2@example.com');
    const token = linkIn((await sink.next('reset2@example.com')).body).searchParams.get('token');
    const other = await server
      .client()
      .post('/api/user/reset', { email: 'reset3@example.com', token });
    expect(other.json.success).toBe(false);
    clock.offset = 16 * 60;
    const late = await server
      .client()
      .post('/api/user/reset', { email: 'reset2@example.com', token });
    expect(late.json).toMatchObject({ success: false, message: expect.stringMatching(/expired/) });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = sink.mails.length;
    const reply = await server.client().get('/api/reset_password?email=ghost@example.com');
    expect(reply.json.success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.length).toBe(before);
  });
});

describe('Turnstile', () => {
  beforeAll(async () => {
    await setOption('TurnstileSecretKey', 'ts-secret');
    await setOption('TurnstileSiteKey', 'site-key');
    await setOption('TurnstileCheckEnabled', 'true');
  });
  afterAll(() => setOption('TurnstileCheckEnabled', 'false'));

  it('refuses login without a token or with a failing one, and passes a verified one', async () => {
    const user = await createUser(server.db);
    const body = { username: user.username, password: user.password };
    const client = server.client();
    const none = await client.post('/api/user/login', body);
    expect(none.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/Turnstile/),
    });
    const bad = await client.post('/api/user/login?turnstile=fail-token', body);
    expect(bad.json).toMatchObject({ success: false, message: expect.stringMatching(/failed/) });
    expect(client.cookie).toBeUndefined();
    const good = await client.post('/api/user/login?turnstile=pass-token', body);
    expect(good.json.success).toBe(true);
    const seen = turnstile.requests.at(-1);
    expect(new URLSearchParams(seen?.body).get('secret')).toBe('ts-secret');
  });

  it('guards registration and the mail endpoints too', async () => {
    const users = await countRows(server.db, 'users');
    const reg = await server.client().post('/api/user/register?turnstile=fail-token', {
      username: 'tsuser',
      password: 'password123',
    });
    expect(reg.json.success).toBe(false);
    expect(await countRows(server.db, 'users')).toBe(users);
    const mail = await server.client().get('/api/verification?email=ts@example.com&turnstile=x');
    expect(mail.json.success).toBe(false);
    const reset = await server.client().get('/api/reset_password?email=ts@example.com');
    expect(reset.json.success).toBe(false);
  });
});

describe('referrals', () => {
  it('rewards inviter and invitee once at registration with a valid code', async () => {
    await setOption('QuotaForInviter', '300');
    await setOption('QuotaForInvitee', '200');
    try {
      const inviter = await createUser(server.db, { aff_code: 'INV1' });
      const client = server.client();
      const reply = await client.post('/api/user/register', {
        username: 'invitee1',
        password: 'password123',
        aff_code: 'INV1',
      });
      expect(reply.json.success).toBe(true);
      expect(await findUserById(server.db, inviter.id)).toMatchObject({
        aff_count: 1,
        aff_quota: 300,
        aff_history_quota: 300,
        quota: 0,
      });
      const invitee = await server.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'invitee1')
        .executeTakeFirstOrThrow();
      expect(invitee).toMatchObject({ inviter_id: inviter.id, quota: 200 });
      const unknown = await client.post('/api/user/register', {
        username: 'invitee2',
        password: 'password123',
        aff_code: 'NOPE',
      });
      expect(unknown.json.success).toBe(true);
      expect((await findUserById(server.db, inviter.id))?.aff_count).toBe(1);
    } finally {
      await setOption('QuotaForInviter', '0');
      await setOption('QuotaForInvitee', '0');
    }
  });

  it('gives the own invitation code, making one when there is none', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const first = await client.get<string>('/api/user/aff');
    expect(first.json.data).toMatch(/^[A-Za-z0-9]{4,8}$/);
    expect((await client.get<string>('/api/user/aff')).json.data).toBe(first.json.data);
  });

  it('refuses a transfer below one quota unit with the spec message', async () => {
    const user = await createUser(server.db);
    await server.db
      .updateTable('users')
      .set({ aff_quota: 10_000_000 })
      .where('id', '=', user.id)
      .execute();
    const client = server.client({ 'accept-language': 'zh' });
    await client.login(user.username, user.password);
    const reply = await client.post('/api/user/aff_transfer', { quota: 499_999 });
    expect(reply.json).toMatchObject({ success: false, message: '划转金额最低为 $1.00' });
    expect((await findUserById(server.db, user.id))?.aff_quota).toBe(10_000_000);
  });

  it('never moves more than the balance when transfers race', async () => {
    const unit = 500_000;
    const user = await createUser(server.db, { quota: 7 });
    await server.db
      .updateTable('users')
      .set({ aff_quota: 3 * unit })
      .where('id', '=', user.id)
      .execute();
    const client = server.client();
    await client.login(user.username, user.password);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/user/aff_transfer', { quota: unit })),
    );
    expect(replies.filter((reply) => reply.json.success)).toHaveLength(3);
    expect(await findUserById(server.db, user.id)).toMatchObject({
      aff_quota: 0,
      quota: 7 + 3 * unit,
    });
  });
});

describe('own models', () => {
  it('lists the distinct enabled models of the caller’s group', async () => {
    const user = await createUser(server.db);
    await server.db
      .insertInto('abilities')
      .values([
        { group: 'default', model: 'model-b', channel_id: 1, enabled: 1 },
        { group: 'default', model: 'model-a', channel_id: 1, enabled: 1 },
        { group: 'default', model: 'model-a', channel_id: 2, enabled: 1 },
        { group: 'default', model: 'model-off', channel_id: 3, enabled: 0 },
        { group: 'vip', model: 'model-vip', channel_id: 4, enabled: 1 },
      ])
      .execute();
    const client = server.client();
    await client.login(user.username, user.password);
    const reply = await client.get<string[]>('/api/user/models');
    expect(reply.json.data).toEqual(['model-a', 'model-b']);
  });
});
