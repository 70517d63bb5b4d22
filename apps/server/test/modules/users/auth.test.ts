// Sign-in, sign-out, sessions and access tokens, and the status checks made on every request.
import { Role, SESSION_COOKIE, type SelfUser, UserStatus } from '@switchyard/contracts';
import { selfUserSchema, sessionUserSchema } from '@switchyard/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

describe('login and logout', () => {
  it('sets an HttpOnly session cookie, self works, and after logout self is 401', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    const login = await client.login(user.username, user.password);
    expect(login.status).toBe(200);
    expect(login.json.success).toBe(true);
    expect(sessionUserSchema.strict().parse(login.json.data).username).toBe(user.username);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/);

    const self = await client.get<SelfUser>('/api/user/self');
    expect(self.status).toBe(200);
    const parsed = selfUserSchema.strict().parse(self.json.data);
    expect(parsed.id).toBe(user.id);
    expect(JSON.stringify(self.json)).not.toMatch(/"password"|access_token/);

    const logout = await client.get('/api/user/logout');
    expect(logout.json.success).toBe(true);
    expect(client.cookie).toBeUndefined();
    const rows = await server.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect((await client.get('/api/user/self')).status).toBe(401);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const behindProxy = await server.context.start({ TRUST_PROXY: 'true' });
    const user = await createUser(behindProxy.db);
    const reply = await behindProxy
      .client({ 'x-forwarded-proto': 'https' })
      .login(user.username, user.password);
    expect(String(reply.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('a logged-out cookie replayed is refused', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const stolen = client.cookie;
    await client.get('/api/user/logout');
    client.cookie = stolen;
    const self = await client.get('/api/user/self');
    expect(self.status).toBe(401);
    expect(self.json).toMatchObject({ success: false });
  });

  it('matches the email as well as the username', async () => {
    const user = await createUser(server.db, { email: 'mail@example.com' });
    const login = await server.client().login('mail@example.com', user.password);
    expect(login.json.data?.id).toBe(user.id);
  });

  it('gives one message for a wrong password, an unknown user and a disabled user', async () => {
    const user = await createUser(server.db);
    const disabled = await createUser(server.db, { status: UserStatus.disabled });
    const client = server.client();
    const wrong = await client.login(user.username, 'wrong-password');
    const unknown = await client.login('nobody-here', 'whatever1');
    const banned = await client.login(disabled.username, disabled.password);
    for (const reply of [wrong, unknown, banned]) {
      expect(reply.status).toBe(200);
      expect(reply.json.success).toBe(false);
      expect(reply.json.message).toBe(wrong.json.message);
    }
    expect(wrong.json.message).toMatch(/wrong username or password/i);
    expect(client.cookie).toBeUndefined();
  });

  it('answers in Chinese when the console asks for it', async () => {
    const reply = await server.client({ 'accept-language': 'zh-CN,zh;q=0.9' }).login('x', 'y');
    expect(reply.json.message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it('refuses password login when it is switched off', async () => {
    const user = await createUser(server.db);
    await server.runtime.options.set('PasswordLoginEnabled', 'false');
    try {
      const reply = await server.client().login(user.username, user.password);
      expect(reply.json).toMatchObject({ success: false });
      expect(reply.json.message).toMatch(/password login/i);
    } finally {
      await server.runtime.options.set('PasswordLoginEnabled', 'true');
    }
  });
});

describe('access tokens', () => {
  it('authenticate with and without Bearer, and a new one invalidates the old', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const first = await client.get<string>('/api/user/token');
    const token = first.json.data ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    const stored = await server.db
      .selectFrom('users')
      .select('access_token')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.access_token).not.toBe(token);

    const api = server.client();
    for (const authorization of [token, `Bearer ${token}`]) {
      const self = await api.get<SelfUser>('/api/user/self', { authorization });
      expect(self.status).toBe(200);
      expect(self.json.data?.id).toBe(user.id);
    }

    const second = await client.get<string>('/api/user/token');
    expect(second.json.data).not.toBe(token);
    expect((await api.get('/api/user/self', { authorization: token })).status).toBe(401);
    const fresh = await api.get('/api/user/self', { authorization: `Bearer ${second.json.data}` });
    expect(fresh.status).toBe(200);
  });

  it('are refused for a disabled user', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const token = (await client.get<string>('/api/user/token')).json.data ?? '';
    await server.db
      .updateTable('users')
      .set({ status: UserStatus.disabled })
      .where('id', '=', user.id)
      .execute();
    const reply = await server.client().get('/api/user/self', { authorization: token });
    expect(reply.status).toBe(401);
  });

  it('an unknown token is 401', async () => {
    const reply = await server.client().get('/api/user/self', { authorization: 'Bearer nope' });
    expect(reply.status).toBe(401);
    expect(reply.json.success).toBe(false);
  });
});

describe('every request re-reads the user', () => {
  it('a disabled user loses the session at once and the row is deleted', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    expect((await client.get('/api/user/self')).status).toBe(200);
    await server.db
      .updateTable('users')
      .set({ status: UserStatus.disabled })
      .where('id', '=', user.id)
      .execute();
    expect((await client.get('/api/user/self')).status).toBe(401);
    const rows = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a cancelled user loses the session at once', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await server.db.updateTable('users').set({ deleted_at: 1 }).where('id', '=', user.id).execute();
    expect((await client.get('/api/user/self')).status).toBe(401);
  });

  it('a demoted admin loses admin routes on the next request', async () => {
    const admin = await createAdmin(server.db);
    const client = server.client();
    await client.login(admin.username, admin.password);
    expect((await client.get('/api/group/')).status).toBe(200);
    await server.db
      .updateTable('users')
      .set({ role: Role.common })
      .where('id', '=', admin.id)
      .execute();
    const reply = await client.get('/api/group/');
    expect(reply.status).toBe(403);
    expect(reply.json.success).toBe(false);
    expect((await client.get('/api/user/self')).status).toBe(200);
  });

  it('an expired session is refused and removed', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: 1 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.get('/api/user/self')).status).toBe(401);
    const rows = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    await server.db
      .updateTable('sessions')
      .set({ last_seen_at: 100 })
      .where('user_id', '=', user.id)
      .execute();
    await client.get('/api/user/self');
    const touched = await server.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(touched.last_seen_at).toBeGreaterThan(100);
    await client.get('/api/user/self');
    const again = await server.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(again.last_seen_at).toBe(touched.last_seen_at);
  });

  it('stores only a keyed hash of the cookie token', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const row = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(client.cookie);
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
  });
});
