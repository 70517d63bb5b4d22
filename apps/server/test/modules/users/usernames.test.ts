// Look-alike accounts and record leaks (issue 15, finding 8): names that pose as another user
// (`root\u200b`, Cyrillic `rооt`, `ROOT`, right-to-left overrides, control characters), and an admin
// reading root's record through the user search after GET /api/user/1 refused it.
import { Role } from '@switchyard/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../src/db/dialect';
import { fillUsernameSkeletons } from '../../../src/modules/users/skeleton-backfill';
import { countRows, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const register = (username: string) =>
  server.client().post('/api/user/register', { username, password: 'password123' });

describe('usernames', () => {
  it('refuses every look-alike of root, and registers nothing', async () => {
    const users = await countRows(server.db, 'users');
    const lookAlikes = {
      'zero-width space': 'root\u200b',
      'zero-width joiner': 'ro\u200dot',
      'Cyrillic o': 'r\u043e\u043et',
      'Greek omicron': 'r\u03bf\u03bft',
      'upper case': 'ROOT',
      'full-width (NFKC root)': '\uff52\uff4f\uff4f\uff54',
      'right-to-left override': '\u202etoor',
      NUL: 'ro\u0000ot',
      'line break': 'ro\not',
      'inner space': 'ro ot',
    };
    for (const [what, name] of Object.entries(lookAlikes)) {
      const reply = await register(name);
      expect(reply.json.success, what).toBe(false);
    }
    expect(await countRows(server.db, 'users')).toBe(users);
  });

  it('says why: characters not allowed, mixed scripts, or taken', async () => {
    expect((await register('ab\u200bc')).json.message).toMatch(/not allowed/);
    expect((await register('p\u0430ypal')).json.message).toMatch(/look-alike/);
    expect((await register('Root')).json.message).toMatch(/taken/);
  });

  it('still accepts names in one script, and CJK with Latin', async () => {
    for (const name of ['alice_01', 'иван', '张三abc', 'ελένη']) {
      expect((await register(name)).json.success, name).toBe(true);
    }
    const stored = await server.db.selectFrom('users').select('username').execute();
    expect(stored.map((row) => row.username)).toContain('张三abc');
  });

  it('applies the same rules to a rename', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    expect((await client.put('/api/user/self', { username: 'ALICE_01' })).json.success).toBe(false);
    expect((await client.put('/api/user/self', { username: 'x\u202ey' })).json.success).toBe(false);
  });
});

// Issue 27, point 8: look-alikes from scripts the mixed-script rule does not cover, caught by
// comparing TR39 confusable skeletons with the existing names.
describe('usernames that look like an existing one', () => {
  it('refuses rօօt, rᴏᴏt, rഠഠt beside root and admın beside admin, registering nothing', async () => {
    const root = server.client();
    await root.login('root', '123456');
    const admin = await root.post('/api/user/', { username: 'admin', password: 'password123' });
    expect(admin.json.success).toBe(true);
    const users = await countRows(server.db, 'users');
    const lookAlikes = {
      'Armenian oh': 'r\u0585\u0585t',
      'small capital O': 'r\u1d0f\u1d0ft',
      'Malayalam ttha': 'r\u0d20\u0d20t',
      'dotless i': 'adm\u0131n',
      'r n for m': 'adrnin',
      'digit zero': 'r00t',
    };
    for (const [what, name] of Object.entries(lookAlikes)) {
      const reply = await register(name);
      expect(reply.json, what).toMatchObject({
        success: false,
        message: 'The username looks too much like an existing one',
      });
    }
    expect(await countRows(server.db, 'users')).toBe(users);
  });

  it('applies to renames and to names an admin gives, and accepts a name of its own', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const renamed = await client.put('/api/user/self', { username: 'r\u0585\u0585t' });
    expect(renamed.json.success).toBe(false);
    const root = server.client();
    await root.login('root', '123456');
    const added = await root.post('/api/user/', {
      username: 'r\u1d0f\u1d0ft',
      password: 'password123',
    });
    expect(added.json.success).toBe(false);
    expect((await register('rook')).json.success).toBe(true);
  });
});

describe('names older than the look-alike check', () => {
  it('get their skeleton at start, and are then protected too', async () => {
    const legacy = await createUser(server.db, { username: 'robot1' });
    await server.db
      .updateTable('users')
      .set({ username_skeleton: null })
      .where('id', '=', legacy.id)
      .execute();
    expect(await fillUsernameSkeletons(server.db)).toBe(1);
    const row = await server.db
      .selectFrom('users')
      .select('username_skeleton')
      .where('id', '=', legacy.id)
      .executeTakeFirstOrThrow();
    expect(row.username_skeleton).toBe('robotl');
    expect((await register('r\u0585bot1')).json.success).toBe(false);
    expect(await fillUsernameSkeletons(server.db)).toBe(0);
  });
});

describe('usernames unique whatever their case', () => {
  it('lets exactly one of two simultaneous case variants register', async () => {
    const replies = await Promise.all(['CaseRace', 'caserace', 'CASERACE'].map(register));
    expect(replies.filter((reply) => reply.json.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.json.success)) {
      expect(reply.json.message).toMatch(/taken/);
    }
    const rows = await server.db
      .selectFrom('users')
      .select('username')
      .where(sql`lower(username)`, '=', 'caserace')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is refused by the database itself, not only by the services', async () => {
    await createUser(server.db, { username: 'DbCase' });
    await expect(createUser(server.db, { username: 'dbcase' })).rejects.toSatisfy(
      isUniqueViolation,
    );
  });
});

describe('user search', () => {
  it('does not show an admin the records GET /api/user/:id refuses them', async () => {
    const admin = await createUser(server.db, { role: Role.admin });
    const peer = await createUser(server.db, { role: Role.admin, username: 'peeradmin' });
    const common = await createUser(server.db, { username: 'plainuser' });
    const client = server.client();
    await client.login(admin.username, admin.password);
    expect((await client.get('/api/user/1')).json.success).toBe(false);
    type Page = { items: { id: number; username: string }[]; total: number };
    const byId = await client.get<Page>('/api/user/search?keyword=1');
    expect(byId.json.data?.items.map((u) => u.id)).not.toContain(1);
    const byName = await client.get<Page>('/api/user/search?keyword=root');
    expect(byName.json.data).toMatchObject({ items: [], total: 0 });
    const peers = await client.get<Page>('/api/user/search?keyword=peeradmin');
    expect(peers.json.data?.items.map((u) => u.id)).not.toContain(peer.id);
    const plain = await client.get<Page>('/api/user/search?keyword=plainuser');
    expect(plain.json.data?.items.map((u) => u.id)).toEqual([common.id]);
    const self = await client.get<Page>(`/api/user/search?keyword=${admin.username}`);
    expect(self.json.data?.items.map((u) => u.id)).toEqual([admin.id]);
  });
});
