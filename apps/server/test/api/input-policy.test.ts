// The console API's one input policy (as the reference's): read-modify-write PUTs, unknown fields
// ignored, `groups` for `group`, pages below the first read as the first, `size`/`page_size`,
// bodiless JSON requests.
import type { AdminUser, Channel, Page, RedemptionView, TokenView } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/billing';
import { channelRow } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { createUser } from '../helpers/factories';
import { consumeLog, seedLogs } from '../helpers/logs';
import { seedChannel } from '../helpers/relay-fixtures';
import { useTestServer } from '../helpers/test-server';

let root: TestClient;
let user: TestClient;

const server = useTestServer();

beforeAll(async () => {
  root = (await signedInUser(server, { role: 100 })).client;
  const signed = await signedInUser(server, { quota: 1_000_000 });
  user = signed.client;
  for (let i = 0; i < 3; i += 1) {
    await createUser(server.db);
    await seedChannel(server.db, {
      key: `k${i}`,
      name: `c${i}`,
      models: ['m'],
      groups: ['default'],
    });
    const token = { name: `t${i}`, remain_quota: 1000, expired_time: -1, unlimited_quota: false };
    await user.post('/api/token/', { ...token, model_limits_enabled: false, model_limits: '' });
  }
  await root.post('/api/redemption/', { name: 'codes', quota: 1000, count: 3 });
  await seedLogs(
    server.db,
    Array.from({ length: 3 }, () => consumeLog(signed.user)),
  );
});

const data = <T>(reply: { json: { success: boolean; message: string; data?: unknown } }): T => {
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data as T;
};

/** Fields of b that differ from a (by JSON value). */
function changed(a: object, b: object): string[] {
  const before = a as Record<string, unknown>;
  const after = b as Record<string, unknown>;
  return Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

describe('GET → change one field → PUT the whole object', () => {
  it('channels: only the status changes, read-only fields are not written', async () => {
    const id = (data<{ items: Channel[] }>(await root.get('/api/channel/?p=0')).items[0] as Channel)
      .id;
    const before = data<Channel>(await root.get(`/api/channel/${id}`));
    const rowBefore = await channelRow(server.db, id);
    const sent = { ...before, status: 2, used_quota: 999, balance: 42, response_time: 7 };
    data(await root.put('/api/channel/', sent));
    const after = data<Channel>(await root.get(`/api/channel/${id}`));
    expect(changed(before, after)).toEqual(['status']);
    const rowAfter = await channelRow(server.db, id);
    expect(rowAfter.key).toBe(rowBefore.key);
    expect(Number(rowAfter.used_quota)).toBe(Number(rowBefore.used_quota));
  });

  it('channels: the reference form sends `groups` as an array', async () => {
    const id = (data<{ items: Channel[] }>(await root.get('/api/channel/?p=0')).items[1] as Channel)
      .id;
    const before = data<Channel>(await root.get(`/api/channel/${id}`));
    const { group: _group, ...rest } = before;
    data(await root.put('/api/channel/', { ...rest, groups: ['default', 'vip'] }));
    const after = data<Channel>(await root.get(`/api/channel/${id}`));
    expect(after.group).toBe('default,vip');
    expect(changed(before, after)).toEqual(['group']);
  });

  it('users: only the display name changes', async () => {
    const list = data<{ items: AdminUser[] }>(await root.get('/api/user/?p=1&page_size=100'));
    const target = list.items.find((item) => item.role === 1) as AdminUser;
    const before = data<AdminUser>(await root.get(`/api/user/${target.id}`));
    data(await root.put('/api/user/', { ...before, display_name: 'Renamed', role: 100 }));
    const after = data<AdminUser>(await root.get(`/api/user/${target.id}`));
    expect(changed(before, after)).toEqual(['display_name']);
  });

  it('self: the signed-in user PUTs their own GET back with a new display name', async () => {
    const before = data<Record<string, unknown>>(await user.get('/api/user/self'));
    data(await user.put('/api/user/self', { ...before, display_name: 'Me', quota: 1e9 }));
    const after = data<Record<string, unknown>>(await user.get('/api/user/self'));
    expect(changed(before, after)).toEqual(['display_name']);
  });

  it('tokens: only the name changes', async () => {
    const page = data<Page<TokenView>>(await user.get('/api/token/?p=0'));
    const before = page.items[0] as TokenView;
    data(await user.put('/api/token/', { ...before, name: 'renamed', used_quota: 5, key: 'x' }));
    const after = data<TokenView>(await user.get(`/api/token/${before.id}`));
    expect(changed(before, after)).toEqual(['name']);
  });

  it('tokens: an unlimited token that has been used shows no negative balance and PUTs back', async () => {
    const page = data<Page<TokenView>>(await user.get('/api/token/?p=0'));
    const token = page.items[1] as TokenView;
    data(await user.put('/api/token/', { ...token, unlimited_quota: true }));
    await server.db
      .updateTable('tokens')
      .set({ remain_quota: -5000, used_quota: 6000 })
      .where('id', '=', token.id)
      .execute();
    const before = data<TokenView>(await user.get(`/api/token/${token.id}`));
    expect(before.unlimited_quota).toBe(true);
    expect(before.remain_quota).toBeGreaterThanOrEqual(0);
    data(await user.put('/api/token/', { ...before, name: 'unlimited' }));
    const after = data<TokenView>(await user.get(`/api/token/${token.id}`));
    expect(changed(before, after)).toEqual(['name']);
  });

  it('codes: only the name changes', async () => {
    const page = data<Page<RedemptionView>>(await root.get('/api/redemption/?p=0'));
    const before = page.items[0] as RedemptionView;
    data(await root.put('/api/redemption/', { ...before, name: 'renamed', status: 3, key: 'x' }));
    const after = data<RedemptionView>(await root.get(`/api/redemption/${before.id}`));
    expect(changed(before, after)).toEqual(['name']);
  });
});

describe('unknown fields are ignored on every endpoint', () => {
  const extra = { not_a_field: 1, another: 'x' };

  it('creates and updates accept and drop them', async () => {
    const channel = { name: 'extra', key: 'k', models: 'm', ...extra, groups: ['default'] };
    data(await root.post('/api/channel/', channel));
    const token = { name: 'extra', remain_quota: 1, expired_time: -1, unlimited_quota: true };
    data(
      await user.post('/api/token/', {
        ...token,
        model_limits_enabled: false,
        model_limits: '',
        ...extra,
      }),
    );
    data(await root.post('/api/redemption/', { name: 'extra', quota: 1, count: 1, ...extra }));
    data(
      await root.post('/api/user/', { username: 'extrauser', password: 'password123', ...extra }),
    );
    data(await user.put('/api/user/self', { display_name: 'X', ...extra }));
    data(await root.post('/api/channel/batch', { ids: [999_999], ...extra }));
  });

  it('a known field with a wrong type or a bad value is still a clear 400', async () => {
    const bad = await root.put('/api/channel/', { id: 1, priority: 'high', ...extra });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/priority/);
    expect(bad.json.message).not.toMatch(/not_a_field/);
    const groups = await root.put('/api/channel/', { id: 1, groups: [1, 2] });
    expect(groups.status).toBe(400);
    expect((await root.get('/api/user/?p=first')).status).toBe(400);
    expect((await user.get('/api/token/?size=1000')).status).toBe(400);
  });
});

describe('paging: below the first page is the first page; size and page_size both work', () => {
  const ids = (payload: unknown): unknown[] => {
    const items = Array.isArray(payload) ? payload : (payload as { items: unknown[] }).items;
    return items.map((item) => (item as { id: unknown }).id);
  };
  // Tokens, codes and channels count pages from 0; users, logs and tasks from 1 (each as documented).
  const lists: [string, () => TestClient, 0 | 1][] = [
    ['/api/token/', () => user, 0],
    ['/api/redemption/', () => root, 0],
    ['/api/channel/', () => root, 0],
    ['/api/channel/search', () => root, 0],
    ['/api/user/', () => root, 1],
    ['/api/user/search', () => root, 1],
    ['/api/log/', () => root, 1],
    ['/api/log/self', () => user, 1],
    ['/api/mj/', () => root, 1],
    ['/api/mj/self', () => user, 1],
    ['/api/task/', () => root, 1],
    ['/api/task/self', () => user, 1],
  ];
  for (const [path, client, first] of lists) {
    it(`${path} (first page ${first})`, async () => {
      const page = async (query: string) => ids(data(await client().get(`${path}?${query}`)));
      const expected = await page(`p=${first}&page_size=2`);
      expect(await page('p=0&page_size=2')).toEqual(expected);
      expect(await page('p=-3&page_size=2')).toEqual(expected);
      expect(await page(`p=${first}&size=2`)).toEqual(expected);
      if (path.includes('task') || path.includes('mj')) return;
      expect(expected).toHaveLength(2);
      expect(await page(`p=${first + 1}&size=2`)).not.toEqual(expected);
    });
  }
});

describe('a bodiless request with a JSON content type', () => {
  const json = { 'content-type': 'application/json' };

  it('DELETE of a token works', async () => {
    const token = data<Page<TokenView>>(await user.get('/api/token/?p=0')).items[0] as TokenView;
    const reply = await user.request('DELETE', `/api/token/${token.id}/`, undefined, json);
    expect(reply.json.success, reply.json.message).toBe(true);
    expect((await user.get(`/api/token/${token.id}`)).json.success).toBe(false);
  });

  it('DELETE of the own account works', async () => {
    const { client } = await signedInUser(server);
    const reply = await client.request('DELETE', '/api/user/self', undefined, json);
    expect(reply.json.success, reply.json.message).toBe(true);
  });

  it('an endpoint that needs a body still says it is empty', async () => {
    const reply = await root.request('POST', '/api/channel/', undefined, json);
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/empty/);
  });
});

describe('a validation reply names each bad field', () => {
  it('carries data.fields with the code, the bounds and the message in the request language', async () => {
    const bad = { name: '  ', quota: -5, count: 1.5 };
    const en = await root.post('/api/redemption/', bad, { 'Accept-Language': 'en' });
    expect(en.status).toBe(400);
    expect(en.json.success).toBe(false);
    expect(en.json.data).toEqual({
      fields: [
        { field: 'name', code: 'required', params: {}, message: 'This field is required' },
        {
          field: 'quota',
          code: 'tooSmall',
          params: { min: 0 },
          message: 'Enter a number of at least 0',
        },
        { field: 'count', code: 'integer', params: {}, message: 'Enter a whole number' },
      ],
    });
    const zh = await root.post('/api/redemption/', bad, { 'Accept-Language': 'zh' });
    const fields = (zh.json.data as { fields: Array<{ message: string }> }).fields;
    expect(fields.map((field) => field.message)).toEqual([
      '此项为必填项',
      '请输入不小于 0 的数',
      '请输入整数',
    ]);
  });

  it('keeps the summary message for scripts that read only the message', async () => {
    const reply = await root.post('/api/token/', { name: '' }, { 'Accept-Language': 'en' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^Invalid request: name must be at least 1 characters/);
  });
});
