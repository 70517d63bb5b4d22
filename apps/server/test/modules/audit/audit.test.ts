// The audit trail (issue 33): every mutating admin and super-admin route writes exactly one entry
// with who, what, which target and from where (the test walks the route registry, so a new
// route without an entry in CALLS fails it); an admin reads admins' entries, not the super
// admin's; no secret (option secrets, channel keys, passwords, redemption codes) is in an entry;
// the CSV export keeps cells from running as formulas.
import { type AuditEntry, type AuditPage, Role } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../helpers/client';
import { createAdmin, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

let root: TestClient;
let admin: TestClient;
let adminName: string;

const SECRETS = {
  option: 'smtp-secret-value-7f3a',
  channelKey: 'sk-channel-secret-91bd',
  channelKey2: 'sk-channel-secret-second-44ce',
  password: 'pw-secret-55aa',
};

const server = useTestServer();

beforeAll(async () => {
  root = (await server.signedIn({ role: Role.root })).client;
  const adminUser = await createAdmin(server.db);
  adminName = adminUser.username;
  admin = server.client();
  await admin.login(adminUser.username, adminUser.password);
});

interface Call {
  client: () => TestClient;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  action: string;
}

async function newChannel(key = 'k-plain'): Promise<number> {
  const reply = await admin.post<{ ids: number[] }>('/api/channel/', {
    name: 'audit',
    key,
    models: 'gpt-4o',
  });
  return reply.json.data?.ids[0] ?? 0;
}

async function newCode(): Promise<number> {
  await admin.post('/api/redemption/', { name: 'audit', quota: 10, count: 1 });
  const row = await server.db
    .selectFrom('redemptions')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function newPlan(): Promise<{
  id: number;
  name: string;
  price: number;
  duration_days: number;
}> {
  const reply = await root.post<{ id: number; name: string; price: number; duration_days: number }>(
    '/api/plan/',
    { name: `audit${Date.now() % 100000}`, price: 10, duration_days: 30, limits: [] },
  );
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as { id: number; name: string; price: number; duration_days: number };
}

async function newSubscription(): Promise<number> {
  const plan = await newPlan();
  const user = await createUser(server.db, { quota: 1000 });
  const buyer = server.client();
  await buyer.login(user.username, user.password);
  const reply = await buyer.post<{ id: number }>('/api/subscription/', {
    plan_id: plan.id,
    payment_method: 'wallet',
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data?.id ?? 0;
}

/** A successful call of each mutating admin route, keyed by `METHOD pattern`. */
const CALLS: Record<string, () => Promise<Call>> = {
  'PUT /api/option/': async () => ({
    client: () => root,
    method: 'PUT',
    url: '/api/option/',
    body: { key: 'SMTPToken', value: SECRETS.option },
    action: 'option.update',
  }),
  'POST /api/option/rest_model_ratio': async () => ({
    client: () => root,
    method: 'POST',
    url: '/api/option/rest_model_ratio',
    body: {},
    action: 'option.reset_model_ratio',
  }),
  'POST /api/user/': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/user/',
    body: { username: `made${Date.now() % 100000}`, password: SECRETS.password },
    action: 'user.create',
  }),
  'PUT /api/user/': async () => ({
    client: () => admin,
    method: 'PUT',
    url: '/api/user/',
    body: { id: (await createUser(server.db)).id, password: SECRETS.password, quota: 500 },
    action: 'user.update',
  }),
  'POST /api/user/manage': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/user/manage',
    body: { username: (await createUser(server.db)).username, action: 'disable' },
    action: 'user.manage.disable',
  }),
  'DELETE /api/user/passkey/user/:user_id': async () => {
    const user = await createUser(server.db);
    await server.db
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: `audit${user.id}`,
        public_key: 'x',
        created_at: 1,
      })
      .execute();
    return {
      client: () => admin,
      method: 'DELETE',
      url: `/api/user/passkey/user/${user.id}`,
      action: 'user.passkeys.reset',
    };
  },
  'POST /api/channel/': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/channel/',
    body: { name: 'c', key: SECRETS.channelKey, models: 'gpt-4o' },
    action: 'channel.create',
  }),
  'PUT /api/channel/': async () => ({
    client: () => admin,
    method: 'PUT',
    url: '/api/channel/',
    body: { id: await newChannel(), key: SECRETS.channelKey2, priority: 3 },
    action: 'channel.update',
  }),
  'POST /api/channel/copy/:id': async () => ({
    client: () => admin,
    method: 'POST',
    url: `/api/channel/copy/${await newChannel()}`,
    body: {},
    action: 'channel.copy',
  }),
  'DELETE /api/channel/:id': async () => ({
    client: () => admin,
    method: 'DELETE',
    url: `/api/channel/${await newChannel()}`,
    action: 'channel.delete',
  }),
  'POST /api/channel/batch': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/channel/batch',
    body: { ids: [await newChannel()] },
    action: 'channel.delete_batch',
  }),
  'DELETE /api/channel/disabled': async () => ({
    client: () => admin,
    method: 'DELETE',
    url: '/api/channel/disabled',
    action: 'channel.delete_disabled',
  }),
  'POST /api/channel/fix': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/channel/fix',
    body: {},
    action: 'channel.fix_abilities',
  }),
  'DELETE /api/log/': async () => ({
    client: () => admin,
    method: 'DELETE',
    url: '/api/log/?target_timestamp=1000',
    action: 'log.cleanup',
  }),
  'POST /api/redemption/': async () => ({
    client: () => admin,
    method: 'POST',
    url: '/api/redemption/',
    body: { name: 'gift', quota: 100, count: 2 },
    action: 'redemption.create',
  }),
  'PUT /api/redemption/': async () => ({
    client: () => admin,
    method: 'PUT',
    url: '/api/redemption/',
    body: { id: await newCode(), name: 'renamed', quota: 20 },
    action: 'redemption.update',
  }),
  'DELETE /api/redemption/:id': async () => ({
    client: () => admin,
    method: 'DELETE',
    url: `/api/redemption/${await newCode()}`,
    action: 'redemption.delete',
  }),
  'POST /api/plan/': async () => ({
    client: () => root,
    method: 'POST',
    url: '/api/plan/',
    body: { name: 'audit plan', price: 10, duration_days: 30, limits: [] },
    action: 'plan.create',
  }),
  'PUT /api/plan/': async () => ({
    client: () => root,
    method: 'PUT',
    url: '/api/plan/',
    body: { ...(await newPlan()), name: 'renamed plan' },
    action: 'plan.update',
  }),
  'DELETE /api/plan/:id': async () => ({
    client: () => root,
    method: 'DELETE',
    url: `/api/plan/${(await newPlan()).id}`,
    action: 'plan.delete',
  }),
  'DELETE /api/subscription/:id': async () => ({
    client: () => admin,
    method: 'DELETE',
    url: `/api/subscription/${await newSubscription()}`,
    action: 'subscription.end',
  }),
};

/** Admin POSTs that change nothing: asking an upstream for its model list stores nothing. */
const READ_ONLY = ['POST /api/channel/fetch_models'];

const auditRows = () => server.db.selectFrom('audit_logs').selectAll().orderBy('id').execute();

describe('every mutating admin route writes one entry', () => {
  it('the registry’s mutating admin and root routes are exactly the ones called here', () => {
    const mutating = server.app.routeAccess
      .filter((route) => route.access === Role.admin || route.access === Role.root)
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !READ_ONLY.includes(route))
      .sort();
    expect(mutating).toEqual(Object.keys(CALLS).sort());
  });

  for (const [route, prepare] of Object.entries(CALLS)) {
    it(route, async () => {
      const call = await prepare();
      const client = call.client();
      const before = (await auditRows()).length;
      const reply = await client.request(call.method, call.url, call.body);
      expect(reply.json.success, reply.json.message).toBe(true);
      const rows = (await auditRows()).slice(before);
      expect(rows).toHaveLength(1);
      const entry = rows[0];
      expect(entry?.action).toBe(call.action);
      expect(Number(entry?.actor_id)).toBe(client.userId);
      expect(entry?.ip).toBe('127.0.0.1');
      expect(Number(entry?.created_at)).toBeGreaterThan(0);
    });
  }

  it('a refused change writes nothing', async () => {
    const before = (await auditRows()).length;
    const reply = await root.put('/api/option/', { key: 'QuotaPerUnit', value: 'lots' });
    expect(reply.json.success).toBe(false);
    const missing = await admin.delete('/api/channel/999999');
    expect(missing.json.success).toBe(false);
    expect(await auditRows()).toHaveLength(before);
  });
});

describe('what an entry holds', () => {
  it('no secret appears in any entry; an option change shows key, old and new value', async () => {
    const codes = await server.db.selectFrom('redemptions').select('key').execute();
    const text = JSON.stringify(await auditRows());
    for (const secret of [...Object.values(SECRETS), ...codes.map((c) => c.key)]) {
      expect(text).not.toContain(secret);
    }
    await root.put('/api/option/', { key: 'Notice', value: 'hello' });
    await root.put('/api/option/', { key: 'Notice', value: 'bye' });
    const last = (await auditRows()).at(-1);
    expect(JSON.parse(last?.summary ?? '{}')).toEqual({ key: 'Notice', old: 'hello', new: 'bye' });
    const smtp = (await auditRows()).find((row) => row.target_id === 'SMTPToken');
    expect(JSON.parse(smtp?.summary ?? '{}')).toEqual({ key: 'SMTPToken', old: '', new: '***' });
    const channelUpdate = (await auditRows()).find((row) => row.action === 'channel.update');
    expect(JSON.parse(channelUpdate?.summary ?? '{}').fields).toEqual(
      expect.arrayContaining(['key', 'priority']),
    );
  });
});

describe('reading the trail', () => {
  it('an admin sees admins’ entries, not the super admin’s; root sees all', async () => {
    const asAdmin = (await admin.get<AuditPage>('/api/audit/?page_size=100')).json.data;
    const asRoot = (await root.get<AuditPage>('/api/audit/?page_size=100')).json.data;
    expect(asAdmin?.items.length).toBeGreaterThan(0);
    expect(asAdmin?.items.every((e) => e.actor_name === adminName)).toBe(true);
    expect(asAdmin?.items.some((e) => e.action.startsWith('option.'))).toBe(false);
    expect(asRoot?.items.some((e) => e.action === 'option.update')).toBe(true);
    expect(asRoot?.total).toBeGreaterThan(asAdmin?.total ?? 0);
    const filtered = await admin.get<AuditPage>('/api/audit/?action=option.update');
    expect(filtered.json.data?.total).toBe(0);
  });

  it('filters by actor, action, target and time', async () => {
    const byAction = await root.get<AuditPage>('/api/audit/?action=channel.copy');
    expect(byAction.json.data?.items.map((e: AuditEntry) => e.action)).toEqual(['channel.copy']);
    const byTarget = await root.get<AuditPage>('/api/audit/?target_type=option&target_id=Notice');
    expect(byTarget.json.data?.total).toBe(2);
    const byActor = await root.get<AuditPage>(`/api/audit/?actor=${adminName}&page_size=100`);
    expect(byActor.json.data?.items.every((e) => e.actor_name === adminName)).toBe(true);
    const future = await root.get<AuditPage>('/api/audit/?start_timestamp=4000000000');
    expect(future.json.data?.total).toBe(0);
    expect((await root.get('/api/audit/?page_size=nope')).status).toBe(400);
  });

  it('an ordinary user is refused', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    expect((await client.get('/api/audit/')).status).toBe(403);
    expect((await client.get('/api/audit/export')).status).toBe(403);
  });

  it('the CSV export lists the entries with formulas kept as text', async () => {
    const sneaky = await createAdmin(server.db, { username: '=HYPERLINK("x")' });
    const client = server.client();
    await client.login(sneaky.username, sneaky.password);
    await client.post('/api/channel/fix', {});
    const csv = await root.get('/api/audit/export?action=channel.fix_abilities');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/text\/csv/);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.text).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
  });
});
