// User administration: paging and search, the role hierarchy, manage actions, quota edits and
// their type 3 logs, and that a disabled user's open session stops working.
import { LogType, Role, renderQuota, type UserPage, UserStatus } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderLogContent } from '../../../src/i18n/log-content';
import { findUserById } from '../../../src/modules/users/users.repository';
import type { TestClient } from '../../helpers/client';
import { countRows, createAdmin, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

let root: TestClient;
let rootId: number;

const signIn = async (username: string, password: string) => {
  const client = server.client();
  expect((await client.login(username, password)).json.success).toBe(true);
  return client;
};

/** The admin logs of a user, their content read in English. */
const adminLogs = async (userId: number) =>
  (
    await server.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', LogType.manage)
      .execute()
  ).map((log) => ({ ...log, content: renderLogContent(log.content, 'en') }));

const server = useTestServer();

beforeAll(async () => {
  root = await signIn('root', '123456');
  const self = await root.get<{ id: number }>('/api/user/self');
  rootId = self.json.data?.id ?? 0;
});

describe('who may call the admin user routes', () => {
  it('refuses an ordinary user on every one, and writes nothing', async () => {
    const user = await createUser(server.db);
    const victim = await createUser(server.db, { quota: 5 });
    const client = await signIn(user.username, user.password);
    const usersBefore = await countRows(server.db, 'users');
    const calls = [
      client.get('/api/user/'),
      client.get('/api/user/search?keyword=a'),
      client.get(`/api/user/${victim.id}`),
      client.post('/api/user/', { username: 'sneaky1', password: 'password123' }),
      client.put('/api/user/', { id: victim.id, quota: 999 }),
      client.post('/api/user/manage', { username: victim.username, action: 'disable' }),
      client.post('/api/user/manage', { username: user.username, action: 'promote' }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(403);
      expect(reply.json.success).toBe(false);
    }
    expect(await countRows(server.db, 'users')).toBe(usersBefore);
    const after = await findUserById(server.db, victim.id);
    expect(after).toMatchObject({ quota: 5, status: UserStatus.enabled });
    expect((await findUserById(server.db, user.id))?.role).toBe(Role.common);
  });

  it('refuses a guest with 401', async () => {
    expect((await server.client().get('/api/user/')).status).toBe(401);
  });
});

describe('list and search', () => {
  it('pages newest first with a total, and finds by keyword, id and group', async () => {
    const a = await createUser(server.db, { username: 'findme_a', email: 'fa@example.com' });
    const b = await createUser(server.db, { username: 'findme_b' });
    await server.db.updateTable('users').set({ group: 'vip' }).where('id', '=', b.id).execute();
    const page = await root.get<UserPage>('/api/user/?p=1&page_size=2');
    expect(page.json.data?.items).toHaveLength(2);
    expect(page.json.data?.total).toBe(await countRows(server.db, 'users'));
    expect(page.json.data?.items[0]?.id).toBe(b.id);
    expect(page.json.data?.items[0]).not.toHaveProperty('password');

    const byName = await root.get<UserPage>('/api/user/search?keyword=findme');
    expect(byName.json.data?.items.map((u) => u.username)).toEqual(['findme_b', 'findme_a']);
    const byEmail = await root.get<UserPage>('/api/user/search?keyword=fa%40example');
    expect(byEmail.json.data?.items.map((u) => u.id)).toEqual([a.id]);
    const byGroup = await root.get<UserPage>('/api/user/search?keyword=findme&group=vip');
    expect(byGroup.json.data?.items.map((u) => u.id)).toEqual([b.id]);
    const byId = await root.get<UserPage>(`/api/user/search?keyword=${a.id}`);
    expect(byId.json.data?.items.map((u) => u.id)).toContain(a.id);
  });

  it('refuses a page size over 100 with a 400', async () => {
    const reply = await root.get('/api/user/?p=1&page_size=1000');
    expect(reply.status).toBe(400);
    expect(reply.json.success).toBe(false);
  });
});

describe('the role hierarchy', () => {
  it('an admin cannot read, edit, demote, disable or cancel another admin or root', async () => {
    const admin = await createAdmin(server.db);
    const other = await createAdmin(server.db, { quota: 7 });
    const client = await signIn(admin.username, admin.password);
    for (const target of [other, { id: rootId, username: 'root' }]) {
      expect((await client.get(`/api/user/${target.id}`)).json.success).toBe(false);
      const edit = await client.put('/api/user/', { id: target.id, quota: 1 });
      expect(edit.json.success).toBe(false);
      for (const action of ['demote', 'disable', 'delete'] as const) {
        const reply = await client.post('/api/user/manage', { username: target.username, action });
        expect(reply.json.success, `${action} ${target.username}`).toBe(false);
      }
    }
    expect(await findUserById(server.db, other.id)).toMatchObject({
      role: Role.admin,
      status: UserStatus.enabled,
      quota: 7,
      deleted_at: null,
    });
    expect(await findUserById(server.db, rootId)).toMatchObject({
      role: Role.root,
      status: UserStatus.enabled,
    });
  });

  it('only root promotes', async () => {
    const admin = await createAdmin(server.db);
    const user = await createUser(server.db);
    const client = await signIn(admin.username, admin.password);
    const refused = await client.post('/api/user/manage', {
      username: user.username,
      action: 'promote',
    });
    expect(refused.json).toMatchObject({ success: false, message: expect.stringMatching(/Only/) });
    const promoted = await root.post('/api/user/manage', {
      username: user.username,
      action: 'promote',
    });
    expect(promoted.json).toMatchObject({ success: true, data: { role: Role.admin } });
    const demoted = await root.post('/api/user/manage', {
      username: user.username,
      action: 'demote',
    });
    expect(demoted.json).toMatchObject({ success: true, data: { role: Role.common } });
    const logs = await server.db
      .selectFrom('logs')
      .select(['type', 'content'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    const read = logs.map((log) => ({ ...log, content: renderLogContent(log.content, 'en') }));
    expect(read).toEqual([
      { type: 3, content: expect.stringMatching(/promoted/) },
      { type: 3, content: expect.stringMatching(/demoted/) },
    ]);
  });

  it('nobody disables, cancels or demotes root, not even root', async () => {
    for (const action of ['disable', 'delete', 'demote'] as const) {
      const reply = await root.post('/api/user/manage', { username: 'root', action });
      expect(reply.json.success, action).toBe(false);
    }
    expect(await findUserById(server.db, rootId)).toMatchObject({
      role: Role.root,
      status: UserStatus.enabled,
      deleted_at: null,
    });
  });

  it('an admin edits an ordinary user, but not itself through the admin route', async () => {
    const admin = await createAdmin(server.db);
    const user = await createUser(server.db);
    const client = await signIn(admin.username, admin.password);
    const edit = await client.put('/api/user/', {
      id: user.id,
      display_name: 'Renamed',
      group: 'vip',
    });
    expect(edit.json.success).toBe(true);
    expect(await findUserById(server.db, user.id)).toMatchObject({
      display_name: 'Renamed',
      group: 'vip',
    });
    const self = await client.put('/api/user/', { id: admin.id, quota: 10 ** 9 });
    expect(self.json.success).toBe(false);
    expect((await findUserById(server.db, admin.id))?.quota).toBe(0);
  });
});

describe('quota and status changes', () => {
  it('applies a quota edit (down as well as up) and logs each as an admin action', async () => {
    const user = await createUser(server.db, { quota: 1_000_000 });
    const lower = await root.put('/api/user/', { id: user.id, quota: 600_000 });
    expect(lower.json.success).toBe(true);
    expect((await findUserById(server.db, user.id))?.quota).toBe(600_000);
    const higher = await root.put('/api/user/', { id: user.id, quota: 2_000_000 });
    expect(higher.json.success).toBe(true);
    expect((await findUserById(server.db, user.id))?.quota).toBe(2_000_000);
    const shown = (quota: number) =>
      renderQuota(quota, { displayInCurrency: true, quotaPerUnit: 500_000 });
    const change = (from: number, to: number) =>
      `Administrator root changed the quota of ${user.username} from ${shown(from)} to ${shown(to)}`;
    const logs = await adminLogs(user.id);
    expect(logs.map((log) => log.content)).toEqual([
      change(1_000_000, 600_000),
      change(600_000, 2_000_000),
    ]);
  });

  it('refuses a negative balance and bad input with a 400, writing nothing', async () => {
    const user = await createUser(server.db, { quota: 50 });
    const logsBefore = await countRows(server.db, 'logs');
    for (const body of [
      { id: user.id, quota: -1 },
      { id: user.id, quota: 'lots' },
      { id: 'x', quota: 1 },
      { quota: 1 },
    ]) {
      const reply = await root.put('/api/user/', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await findUserById(server.db, user.id))?.quota).toBe(50);
    expect(await countRows(server.db, 'logs')).toBe(logsBefore);
  });

  it('disabling ends the open session on its next request; enabling lets the user back in', async () => {
    const user = await createUser(server.db);
    const session = await signIn(user.username, user.password);
    const disabled = await root.post('/api/user/manage', {
      username: user.username,
      action: 'disable',
    });
    expect(disabled.json).toMatchObject({ success: true, data: { status: UserStatus.disabled } });
    expect((await session.get('/api/user/self')).status).toBe(401);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(false);
    const enabled = await root.post('/api/user/manage', {
      username: user.username,
      action: 'enable',
    });
    expect(enabled.json.success).toBe(true);
    expect((await server.client().login(user.username, user.password)).json.success).toBe(true);
    const contents = (await adminLogs(user.id)).map((log) => log.content);
    expect(contents).toEqual([expect.stringMatching(/disabled/), expect.stringMatching(/enabled/)]);
  });

  // Issue 27, point 3: an access token minted by whoever held the account must not outlive an
  // admin's recovery of it.
  it('a new password set by an admin revokes the access token (and the sessions)', async () => {
    const user = await createUser(server.db);
    const session = await signIn(user.username, user.password);
    const token = (await session.get<string>('/api/user/token')).json.data ?? '';
    const byToken = () => server.client().get('/api/user/self', { authorization: token });
    expect((await byToken()).status).toBe(200);
    const reset = await root.put('/api/user/', { id: user.id, password: 'admin-set-pass' });
    expect(reset.json.success).toBe(true);
    expect((await byToken()).status).toBe(401);
    expect((await session.get('/api/user/self')).status).toBe(401);
    expect((await findUserById(server.db, user.id))?.access_token).toBeNull();
    expect((await server.client().login(user.username, 'admin-set-pass')).json.success).toBe(true);
  });

  it('disabling revokes the access token: enabling again does not bring it back', async () => {
    const user = await createUser(server.db);
    const session = await signIn(user.username, user.password);
    const token = (await session.get<string>('/api/user/token')).json.data ?? '';
    const byToken = () => server.client().get('/api/user/self', { authorization: token });
    expect((await byToken()).status).toBe(200);
    await root.post('/api/user/manage', { username: user.username, action: 'disable' });
    expect((await byToken()).status).toBe(401);
    const enabled = await root.post('/api/user/manage', {
      username: user.username,
      action: 'enable',
    });
    expect(enabled.json.success).toBe(true);
    expect((await byToken()).status).toBe(401);
    expect((await findUserById(server.db, user.id))?.access_token).toBeNull();
  });

  it('cancelling is final: the user cannot sign in and cannot be enabled again', async () => {
    const user = await createUser(server.db);
    const session = await signIn(user.username, user.password);
    const cancelled = await root.post('/api/user/manage', {
      username: user.username,
      action: 'delete',
    });
    expect(cancelled.json.success).toBe(true);
    expect((await session.get('/api/user/self')).status).toBe(401);
    const again = await root.post('/api/user/manage', {
      username: user.username,
      action: 'enable',
    });
    expect(again.json.success).toBe(false);
    expect((await findUserById(server.db, user.id))?.deleted_at).not.toBeNull();
    expect((await adminLogs(user.id)).map((log) => log.content)).toEqual([
      expect.stringMatching(/cancelled/),
    ]);
    const listed = await root.get<UserPage>(`/api/user/search?keyword=${user.username}`);
    expect(listed.json.data?.items[0]?.deleted_at).not.toBeNull();
  });

  it('rejects an unknown action with a 400', async () => {
    const user = await createUser(server.db);
    const reply = await root.post('/api/user/manage', { username: user.username, action: 'nuke' });
    expect(reply.status).toBe(400);
  });
});

describe('adding a user', () => {
  it('creates an ordinary user once and refuses the same username cleanly', async () => {
    const body = { username: 'added_one', password: 'password123', display_name: 'Added' };
    const first = await root.post('/api/user/', body);
    expect(first.json).toMatchObject({ success: true });
    const second = await root.post('/api/user/', body);
    expect(second.status).toBe(200);
    expect(second.json.success).toBe(false);
    const rows = await server.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'added_one')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: Role.common, display_name: 'Added' });
    expect((await server.client().login('added_one', 'password123')).json.success).toBe(true);
  });

  it('refuses a short password with a 400', async () => {
    const reply = await root.post('/api/user/', { username: 'shorty', password: 'short' });
    expect(reply.status).toBe(400);
  });
});
