// /api/redemption (admin) and redeeming a code (POST /api/user/topup): exactly once under races.
import { LogType, type Page, RedemptionStatus, type RedemptionView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser, userQuota } from '../../helpers/billing';
import { countRows } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const admin = () => signedInUser(server, { role: 10 });

async function createCodes(name: string, quota: number, count: number): Promise<string[]> {
  const { client } = await admin();
  const reply = await client.post<string[]>('/api/redemption/', { name, quota, count });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as string[];
}

const codeByKey = (key: string) =>
  server.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('managing codes', () => {
  it('creates count codes of 32 hex digits and lists them newest first', async () => {
    const keys = await createCodes('batch', 100000, 5);
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(5);
    const { client } = await admin();
    const page = (await client.get<Page<RedemptionView>>('/api/redemption/?p=0')).json.data;
    expect(page?.items.slice(0, 5).map((code) => code.key)).toEqual([...keys].reverse());
    expect(page?.items[0]).toMatchObject({
      name: 'batch',
      quota: 100000,
      status: 1,
      used_user_id: 0,
    });
  });

  it('searches by id or name prefix', async () => {
    const [key] = await createCodes('findme', 1, 1);
    const code = await codeByKey(key as string);
    const { client } = await admin();
    const byName = await client.get<RedemptionView[]>('/api/redemption/search?keyword=find');
    expect(byName.json.data?.map((c) => c.id)).toContain(code.id);
    const byId = await client.get<RedemptionView[]>(`/api/redemption/search?keyword=${code.id}`);
    expect(byId.json.data?.map((c) => c.id)).toContain(code.id);
    const inner = await client.get<RedemptionView[]>('/api/redemption/search?keyword=ndme');
    expect(inner.json.data).toEqual([]);
  });

  it('edits, disables and enables an unused code; a used one is final', async () => {
    const [key] = await createCodes('editable', 1000, 1);
    const { id } = await codeByKey(key as string);
    const { client } = await admin();
    const edited = await client.put<RedemptionView>('/api/redemption/', {
      id,
      name: 'renamed',
      quota: 2000,
    });
    expect(edited.json.data).toMatchObject({ name: 'renamed', quota: 2000 });
    const off = await client.put<RedemptionView>('/api/redemption/?status_only=true', {
      id,
      status: 2,
    });
    expect(off.json.data?.status).toBe(RedemptionStatus.disabled);
    const redeemer = await signedInUser(server);
    expect((await redeemer.client.post('/api/user/topup', { key })).json.success).toBe(false);
    await client.put('/api/redemption/?status_only=true', { id, status: 1 });
    expect((await redeemer.client.post('/api/user/topup', { key })).json.success).toBe(true);

    const enable = await client.put('/api/redemption/?status_only=true', { id, status: 1 });
    expect(enable.json.success).toBe(false);
    const edit = await client.put('/api/redemption/', { id, name: 'again', quota: 1 });
    expect(edit.json.success).toBe(false);
    expect(await codeByKey(key as string)).toMatchObject({
      name: 'renamed',
      quota: 2000,
      status: 3,
    });
  });

  it('deletes a code', async () => {
    const [key] = await createCodes('doomed', 1, 1);
    const { id } = await codeByKey(key as string);
    const { client } = await admin();
    expect((await client.delete(`/api/redemption/${id}`)).json.success).toBe(true);
    expect((await client.get(`/api/redemption/${id}`)).json.success).toBe(false);
    const user = await signedInUser(server);
    expect((await user.client.post('/api/user/topup', { key })).json.success).toBe(false);
  });

  it('is for admins only and validates input', async () => {
    const { client } = await signedInUser(server);
    expect((await client.get('/api/redemption/')).status).toBe(403);
    expect((await client.post('/api/redemption/', { name: 'x', quota: 1, count: 1 })).status).toBe(
      403,
    );
    const boss = await admin();
    const before = await countRows(server.db, 'redemptions');
    for (const body of [
      { name: '', quota: 1, count: 1 },
      { name: 'x', quota: 1, count: 0 },
      { name: 'x', quota: 1, count: 101 },
      { name: 'x', quota: -5, count: 1 },
      { name: 'x'.repeat(21), quota: 1, count: 1 },
    ]) {
      expect((await boss.client.post('/api/redemption/', body)).status).toBe(400);
    }
    expect(await countRows(server.db, 'redemptions')).toBe(before);
  });
});

describe('redeeming', () => {
  it('adds the quota, marks the code used and writes a top-up log', async () => {
    const [key] = await createCodes('gift', 250000, 1);
    const { user, client } = await signedInUser(server, { quota: 100 });
    const reply = await client.post<number>('/api/user/topup', { key });
    expect(reply.json).toMatchObject({
      success: true,
      data: 250000,
      message: 'Redeemed successfully!',
    });
    expect(await userQuota(server.db, user.id)).toBe(250100);
    expect(await codeByKey(key as string)).toMatchObject({ status: 3, used_user_id: user.id });
    const logs = await server.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: LogType.topup, quota: 250000 });
  });

  it('warns about an empty code and refuses an unknown one', async () => {
    const { client } = await signedInUser(server);
    const empty = await client.post('/api/user/topup', { key: '  ' });
    expect(empty.json).toMatchObject({
      success: false,
      message: 'Please enter the redemption code!',
    });
    expect((await client.post('/api/user/topup', { key: 'nope' })).json.success).toBe(false);
  });

  it('50 concurrent redeems of one code: exactly one succeeds and the quota rises once', async () => {
    const [key] = await createCodes('race', 700000, 1);
    const racers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(server)));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (racers[i % racers.length] as (typeof racers)[number]).client.post('/api/user/topup', {
          key,
        }),
      ),
    );
    const winners = replies.filter((reply) => reply.json.success);
    expect(winners).toHaveLength(1);
    for (const reply of replies) expect(reply.status).toBe(200);
    const quotas = await Promise.all(racers.map(({ user }) => userQuota(server.db, user.id)));
    expect(quotas.reduce((sum, quota) => sum + quota, 0)).toBe(700000);
    const code = await codeByKey(key as string);
    expect(racers.map(({ user }) => user.id)).toContain(code.used_user_id);
    const logs = await server.db
      .selectFrom('logs')
      .select('id')
      .where('type', '=', LogType.topup)
      .where('quota', '=', 700000)
      .execute();
    expect(logs).toHaveLength(1);
  });
});
