// The signed-in user's own account: update, password change, cancel.
import { Role, type SelfUser } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const signIn = async (username: string, password: string) => {
  const client = server.client();
  expect((await client.login(username, password)).json.success).toBe(true);
  return client;
};

describe('PUT /api/user/self', () => {
  it('changes the display name and the username', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    const newName = `${user.username}x`.slice(0, 12);
    const reply = await client.put('/api/user/self', { display_name: 'Shown', username: newName });
    expect(reply.json.success).toBe(true);
    const self = await client.get<SelfUser>('/api/user/self');
    expect(self.json.data).toMatchObject({ display_name: 'Shown', username: newName });
  });

  it('refuses a username someone else has', async () => {
    const other = await createUser(server.db);
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    const reply = await client.put('/api/user/self', { username: other.username });
    expect(reply.status).toBe(200);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toMatch(/taken/);
  });

  it('changes the password, keeps this session, ends the others and revokes the access token', async () => {
    const user = await createUser(server.db);
    const here = await signIn(user.username, user.password);
    const elsewhere = await signIn(user.username, user.password);
    const token = (await here.get<string>('/api/user/token')).json.data;
    const reply = await here.put('/api/user/self', {
      password: 'brand-new-pass',
      original_password: user.password,
    });
    expect(reply.json.success).toBe(true);
    expect((await here.get('/api/user/self')).status).toBe(200);
    expect((await elsewhere.get('/api/user/self')).status).toBe(401);
    const byToken = await server.client().get('/api/user/self', { authorization: `${token}` });
    expect(byToken.status).toBe(401);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(false);
    expect((await server.client().login(user.username, 'brand-new-pass')).json.success).toBe(true);
  });

  it('refuses a new password without the current one (a stolen session cannot take over)', async () => {
    const user = await createUser(server.db);
    const thief = await signIn(user.username, user.password);
    const reply = await thief.put('/api/user/self', { password: 'attacker-pass' });
    expect(reply.json).toMatchObject({ success: false, message: expect.stringMatching(/current/) });
    expect((await server.client().login(user.username, user.password)).json.success).toBe(true);
    expect((await server.client().login(user.username, 'attacker-pass')).json.success).toBe(false);
  });

  it('lets an account without a password (OAuth sign-up) set one without a current one', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    await server.db.updateTable('users').set({ password: '' }).where('id', '=', user.id).execute();
    expect(
      (await client.get<{ has_password: boolean }>('/api/user/self')).json.data?.has_password,
    ).toBe(false);
    expect((await server.client().login(user.username, '')).json.success).toBe(false);
    const reply = await client.put('/api/user/self', { password: 'first-password' });
    expect(reply.json.success).toBe(true);
    expect((await server.client().login(user.username, 'first-password')).json.success).toBe(true);
  });

  it('checks the current password', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    const wrong = await client.put('/api/user/self', {
      password: 'another-pass1',
      original_password: 'not-it',
    });
    expect(wrong.json.success).toBe(false);
    const right = await client.put('/api/user/self', {
      password: 'another-pass1',
      original_password: user.password,
    });
    expect(right.json.success).toBe(true);
  });

  it('an empty password keeps the old one', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    expect((await client.put('/api/user/self', { password: '' })).json.success).toBe(true);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(true);
  });

  it('ignores fields it does not own such as role or quota (never written)', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    const reply = await client.put('/api/user/self', { role: Role.root, quota: 10 ** 9 });
    expect(reply.json.success, reply.json.message).toBe(true);
    const row = await server.db
      .selectFrom('users')
      .select(['role', 'quota'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: Role.common, quota: 0 });
  });
});

describe('DELETE /api/user/self', () => {
  it('cancels the account, ends every session and blocks sign-in', async () => {
    const user = await createUser(server.db);
    const client = await signIn(user.username, user.password);
    const other = await signIn(user.username, user.password);
    const reply = await client.delete('/api/user/self');
    expect(reply.json.success).toBe(true);
    const row = await server.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await other.get('/api/user/self')).status).toBe(401);
    const sessions = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(false);
  });

  it('refuses to cancel root', async () => {
    const client = await signIn('root', '123456');
    const reply = await client.delete('/api/user/self');
    expect(reply.json.success).toBe(false);
    expect((await client.get('/api/user/self')).status).toBe(200);
  });
});
