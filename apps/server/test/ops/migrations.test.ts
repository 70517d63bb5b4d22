// Schema and first-start bootstrap: tables, idempotent migrations, root account, option defaults.
import { ROOT_DEFAULT_PASSWORD, ROOT_INITIAL_QUOTA, Role } from '@switchyard/contracts';
import { OPTION_DEFINITIONS, OPTION_KEYS } from '@switchyard/contracts/options';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { TABLES } from '../../src/db/migrations/2026-11-22T0001-initial';
import { systemClock } from '../../src/lib/clock';
import { ensureOptionDefaults, SESSION_SECRET_KEY } from '../../src/modules/options/options.setup';
import { ensureRootUser } from '../../src/modules/users/root.setup';
import { countRows } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();

describe('migrations', () => {
  it('create every table', async () => {
    const tables = await server.db.introspection.getTables();
    const names = tables.map((table) => table.name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('are a no-op the second time', async () => {
    const results = await migrateToLatest(server.db);
    expect(results).toEqual([]);
    const tables = await server.db.introspection.getTables();
    expect(tables.filter((t) => t.name === 'users')).toHaveLength(1);
  });

  it('store quota amounts and timestamps beyond 32 bits', async () => {
    const big = 2 ** 40;
    await server.db
      .insertInto('logs')
      .values({ user_id: 1, created_at: big, type: 4, content: 'big', quota: big })
      .execute();
    const row = await server.db
      .selectFrom('logs')
      .select(['quota', 'created_at'])
      .where('content', '=', 'big')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ quota: big, created_at: big });
    await sql`delete from logs where content = 'big'`.execute(server.db);
  });
});

describe('root bootstrap', () => {
  it('creates exactly one root with the default password and quota', async () => {
    const roots = await server.db
      .selectFrom('users')
      .selectAll()
      .where('role', '=', Role.root)
      .execute();
    expect(roots).toHaveLength(1);
    const root = roots[0];
    expect(root?.username).toBe('root');
    expect(root?.display_name).toBe('Root User');
    expect(root?.quota).toBe(ROOT_INITIAL_QUOTA);
    expect(root?.group).toBe('default');
    expect(root?.aff_code).toMatch(/^[A-Za-z0-9]{4,8}$/);
    const login = await server.client().login('root', ROOT_DEFAULT_PASSWORD);
    expect(login.json.success).toBe(true);
    expect(login.json.data?.role).toBe(Role.root);
  });

  it('does nothing when users exist, even when several nodes race', async () => {
    const created = await Promise.all([
      ensureRootUser(server.db, systemClock),
      ensureRootUser(server.db, systemClock),
    ]);
    expect(created).toEqual([false, false]);
    expect(await countRows(server.db, 'users')).toBe(1);
  });

  it('a second node on the same database agrees and creates nothing', async () => {
    const second = await server.context.start();
    expect(second.runtime.rootCreated).toBe(false);
    expect(second.runtime.sessionSecret).toBe(server.runtime.sessionSecret);
    expect(await countRows(server.db, 'users')).toBe(1);
  });
});

describe('option defaults', () => {
  it('stores every defined option', async () => {
    const rows = await server.db.selectFrom('options').select(['key', 'value']).execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    for (const key of OPTION_KEYS) expect(stored.get(key)).toBe(OPTION_DEFINITIONS[key].default);
    expect(stored.get(SESSION_SECRET_KEY)?.length).toBeGreaterThanOrEqual(32);
  });

  it('never overwrites a stored value', async () => {
    await server.db
      .updateTable('options')
      .set({ value: 'Custom' })
      .where('key', '=', 'SystemName')
      .execute();
    await ensureOptionDefaults(server.db);
    const row = await server.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'SystemName')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('Custom');
  });
});
