// Registration: switches, validation, unique names under races, invitation rewards in one go.
import { LogType, Role } from '@switchyard/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../helpers/client';
import { countRows, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const options = () => server.runtime.options;
let counter = 0;
const freshName = () => {
  counter += 1;
  return `reg${counter}${Date.now() % 100000}`;
};

const findUser = (username: string) =>
  server.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

afterEach(async () => {
  for (const [key, value] of [
    ['RegisterEnabled', 'true'],
    ['PasswordRegisterEnabled', 'true'],
    ['EmailVerificationEnabled', 'false'],
    ['QuotaForNewUser', '0'],
    ['QuotaForInviter', '0'],
    ['QuotaForInvitee', '0'],
  ] as const) {
    await options().set(key, value);
  }
});

describe('register', () => {
  it('creates an ordinary user and signs it in', async () => {
    await options().set('QuotaForNewUser', '1234');
    const username = freshName();
    const client = server.client();
    const reply = await client.post<{ id: number; username: string }>('/api/user/register', {
      username,
      password: 'password123',
    });
    expect(reply.json).toMatchObject({ success: true, data: { username, role: Role.common } });
    // Nothing is pending, so the reply's cookie is a session: no second typing of the password.
    expect(client.cookie).toBeDefined();
    client.userId = reply.json.data?.id;
    const self = await client.get<{ username: string; quota: number }>('/api/user/self');
    expect(self.json.data).toMatchObject({ username, quota: 1234 });
    const user = await findUser(username);
    expect(user).toMatchObject({
      role: Role.common,
      status: 1,
      display_name: username,
      group: 'default',
      quota: 1234,
      inviter_id: 0,
    });
    expect(user?.aff_code).toMatch(/^[A-Za-z0-9]{4,8}$/);
    expect(user?.password).not.toBe('password123');
    const logs = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user?.id ?? 0)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.type).toBe(LogType.system);
    const login = await client.login(username, 'password123');
    expect(login.json.success).toBe(true);
  });

  it('rewards inviter and invitee by the option values, in one transaction', async () => {
    await options().set('QuotaForInviter', '700');
    await options().set('QuotaForInvitee', '300');
    await options().set('QuotaForNewUser', '50');
    const inviter = await createUser(server.db, { aff_code: 'INV1' });
    const username = freshName();
    const reply = await server
      .client()
      .post('/api/user/register', { username, password: 'password123', aff_code: 'INV1' });
    expect(reply.json.success).toBe(true);
    const invitee = await findUser(username);
    expect(invitee?.quota).toBe(350);
    expect(invitee?.inviter_id).toBe(inviter.id);
    const after = await server.db
      .selectFrom('users')
      .select(['aff_count', 'aff_quota', 'aff_history_quota', 'quota'])
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ aff_count: 1, aff_quota: 700, aff_history_quota: 700, quota: 0 });
    const inviterLogs = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', inviter.id)
      .execute();
    expect(inviterLogs).toHaveLength(1);
    expect(inviterLogs[0]?.type).toBe(LogType.system);
    expect(inviterLogs[0]?.content).toContain(username);
    const inviteeLogs = await server.db
      .selectFrom('logs')
      .select('type')
      .where('user_id', '=', invitee?.id ?? 0)
      .execute();
    expect(inviteeLogs).toHaveLength(2);
  });

  it('counts an invitation even when the rewards are zero, and writes no reward logs', async () => {
    const inviter = await createUser(server.db, { aff_code: 'INV0' });
    const username = freshName();
    await server
      .client()
      .post('/api/user/register', { username, password: 'password123', aff_code: 'INV0' });
    const row = await server.db
      .selectFrom('users')
      .select(['aff_count', 'aff_quota'])
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ aff_count: 1, aff_quota: 0 });
    expect(
      await server.db.selectFrom('logs').select('id').where('user_id', '=', inviter.id).execute(),
    ).toEqual([]);
  });

  it('ignores an unknown invitation code', async () => {
    await options().set('QuotaForInvitee', '300');
    const username = freshName();
    const reply = await server
      .client()
      .post('/api/user/register', { username, password: 'password123', aff_code: 'nope' });
    expect(reply.json.success).toBe(true);
    const user = await findUser(username);
    expect(user?.quota).toBe(0);
    expect(user?.inviter_id).toBe(0);
  });

  it('refuses a taken name, including a cancelled account', async () => {
    const taken = await createUser(server.db);
    const first = await server.client().post('/api/user/register', {
      username: taken.username,
      password: 'password123',
    });
    expect(first.status).toBe(200);
    expect(first.json.success).toBe(false);
    expect(first.json.message).toMatch(/taken/);
    await server.db
      .updateTable('users')
      .set({ deleted_at: 1 })
      .where('id', '=', taken.id)
      .execute();
    const second = await server.client().post('/api/user/register', {
      username: taken.username,
      password: 'password123',
    });
    expect(second.json.success).toBe(false);
  });

  it('gives one user and one clean refusal when two register one name at once', async () => {
    const username = freshName();
    const before = await countRows(server.db, 'users');
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        server.client().post('/api/user/register', { username, password: 'password123' }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(replies.filter((reply) => reply.json.success)).toHaveLength(1);
    expect(await countRows(server.db, 'users')).toBe(before + 1);
  });

  it('refuses cleanly when the name is inserted by a transaction still in flight', async () => {
    const username = freshName();
    let pending: Promise<TestResponse> | undefined;
    await server.db.transaction().execute(async (trx) => {
      await createUser(trx, { username });
      pending = server.client().post('/api/user/register', { username, password: 'password123' });
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const reply = await pending;
    expect(reply?.status).toBe(200);
    expect(reply?.json.success).toBe(false);
    expect(reply?.json.message).toMatch(/taken/);
    const rows = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses when registration is switched off', async () => {
    await options().set('RegisterEnabled', 'false');
    const username = freshName();
    const reply = await server
      .client()
      .post('/api/user/register', { username, password: 'password123' });
    expect(reply.json).toMatchObject({ success: false });
    expect(reply.json.message).toMatch(/registration/i);
    expect(await findUser(username)).toBeUndefined();
  });

  it('refuses when password registration is switched off', async () => {
    await options().set('PasswordRegisterEnabled', 'false');
    const reply = await server
      .client()
      .post('/api/user/register', { username: freshName(), password: 'password123' });
    expect(reply.json.success).toBe(false);
  });

  it('says email verification is required when it is on', async () => {
    await options().set('EmailVerificationEnabled', 'true');
    const reply = await server
      .client()
      .post('/api/user/register', { username: freshName(), password: 'password123' });
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toMatch(/verification/i);
  });

  it('refuses a mismatched confirmation and a short password', async () => {
    const mismatch = await server.client().post('/api/user/register', {
      username: freshName(),
      password: 'password123',
      password2: 'password124',
    });
    expect(mismatch.json.success).toBe(false);
    expect(mismatch.json.message).toMatch(/do not match/);
    const short = await server
      .client()
      .post('/api/user/register', { username: freshName(), password: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.message).toMatch(/password/);
  });
});
