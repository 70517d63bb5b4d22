// Channel administration: create (single and batch), update with abilities rebuilt, list and
// search, copy, deletes and their counts, fix, access.
import { CHANNEL_TYPES, type Channel, type ChannelPage } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { abilityLines, channelRow, signInAdmin } from '../../helpers/channels';
import type { TestClient } from '../../helpers/client';
import { countRows, createUser } from '../../helpers/factories';
import { useTestServer } from '../../helpers/test-server';

let admin: TestClient;

const server = useTestServer();

beforeAll(async () => {
  admin = await signInAdmin(server);
});

let seq = 0;
async function create(fields: Record<string, unknown> = {}): Promise<number[]> {
  seq += 1;
  const reply = await admin.post<{ ids: number[] }>('/api/channel/', {
    name: `ch-${seq}`,
    key: `sk-key-${seq}`,
    models: 'gpt-4o,gpt-4o-mini',
    group: 'default',
    ...fields,
  });
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data?.ids ?? [];
}
const createOne = async (fields: Record<string, unknown> = {}) =>
  (await create(fields))[0] as number;

describe('POST /api/channel/', () => {
  it('creates a channel with its abilities, one per group × model, and the defaults', async () => {
    const [id] = await create({
      name: 'main',
      group: 'default, vip',
      models: 'gpt-4o, gpt-4o-mini,gpt-4o',
      priority: 5,
      weight: 3,
      base_url: 'https://upstream.example/v1//',
    });
    const row = await channelRow(server.db, id as number);
    expect(row).toMatchObject({
      name: 'main',
      type: 1,
      status: 1,
      auto_ban: 1,
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default,vip',
      base_url: 'https://upstream.example/v1',
    });
    expect(await abilityLines(server.db, id as number)).toEqual([
      'default/gpt-4o 1 5 3',
      'default/gpt-4o-mini 1 5 3',
      'vip/gpt-4o 1 5 3',
      'vip/gpt-4o-mini 1 5 3',
    ]);
  });

  it('batch: one channel per non-empty key line, each with its own key', async () => {
    const ids = await create({ name: 'batch', key: 'sk-a\n\n  sk-b  \r\nsk-c\n' });
    expect(ids).toHaveLength(3);
    const keys = await Promise.all(ids.map(async (id) => (await channelRow(server.db, id)).key));
    expect(keys).toEqual(['sk-a', 'sk-b', 'sk-c']);
    for (const id of ids) expect(await abilityLines(server.db, id)).toHaveLength(2);
  });

  it('fills the type default of `other` (type 3 api version, type 18 v2.1)', async () => {
    const azure = await createOne({ type: 3 });
    const xunfei = await createOne({ type: 18 });
    expect((await channelRow(server.db, azure)).other).toBe('2023-06-01-preview');
    expect((await channelRow(server.db, xunfei)).other).toBe('v2.1');
  });

  it.each([
    [{ name: '  ' }, 'Please fill in the channel name and channel key!'],
    [{ key: '\n \n' }, 'Please fill in the channel name and channel key!'],
    [{ models: ' , ' }, 'Please select at least one model!'],
    [{ model_mapping: '{"a":' }, 'Model mapping must be valid JSON!'],
    [{ model_mapping: '["gpt-4"]' }, 'Model mapping must be valid JSON!'],
    [{ status_code_mapping: '{"400": 500}' }, 'Status code mapping must be valid JSON!'],
    [{ type: 999 }, 'Unknown channel type 999'],
  ])('refuses %o with a 400 and writes nothing', async (fields, message) => {
    const before = await countRows(server.db, 'channels');
    const reply = await admin.post('/api/channel/', {
      name: 'x',
      key: 'k',
      models: 'gpt-4o',
      ...fields,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ success: false, message });
    expect(await countRows(server.db, 'channels')).toBe(before);
  });

  it('says the spec message in Chinese', async () => {
    const reply = await admin.post(
      '/api/channel/',
      { name: 'x', key: 'k', models: '' },
      { 'accept-language': 'zh-CN' },
    );
    expect(reply.json.message).toBe('请至少选择一个模型！');
  });

  it('keeps priority ≥ −999 and weight ≥ 0', async () => {
    const low = await admin.post('/api/channel/', {
      name: 'x',
      key: 'k',
      models: 'm',
      priority: -1000,
    });
    const neg = await admin.post('/api/channel/', { name: 'x', key: 'k', models: 'm', weight: -1 });
    expect([low.status, neg.status]).toEqual([400, 400]);
    expect(await createOne({ priority: -999, weight: 0 })).toBeGreaterThan(0);
  });
});

describe('PUT /api/channel/', () => {
  it('rebuilds the abilities from the new models, groups, priority and weight', async () => {
    const id = await createOne();
    const reply = await admin.put<Channel>('/api/channel/', {
      id,
      models: 'claude-3-haiku-20240307',
      group: 'vip,svip',
      priority: 7,
      weight: 2,
    });
    expect(reply.json.success).toBe(true);
    expect(reply.json.data).toMatchObject({ id, models: 'claude-3-haiku-20240307', priority: 7 });
    expect(reply.json.data).not.toHaveProperty('key');
    expect(await abilityLines(server.db, id)).toEqual([
      'svip/claude-3-haiku-20240307 1 7 2',
      'vip/claude-3-haiku-20240307 1 7 2',
    ]);
  });

  it('disabling turns the abilities off and enabling turns them on', async () => {
    const id = await createOne();
    await admin.put('/api/channel/', { id, status: 2 });
    expect((await abilityLines(server.db, id)).every((line) => line.includes(' 0 '))).toBe(true);
    await admin.put('/api/channel/', { id, status: 1 });
    expect((await abilityLines(server.db, id)).every((line) => line.includes(' 1 '))).toBe(true);
  });

  it('an empty key keeps the stored key; a new key replaces it', async () => {
    const id = await createOne({ key: 'sk-original' });
    await admin.put('/api/channel/', { id, key: '', name: 'renamed' });
    expect(await channelRow(server.db, id)).toMatchObject({ key: 'sk-original', name: 'renamed' });
    await admin.put('/api/channel/', { id, key: 'sk-new' });
    expect((await channelRow(server.db, id)).key).toBe('sk-new');
  });

  it('sets priority 0 (a zero is a value, not "unchanged")', async () => {
    const id = await createOne({ priority: 4 });
    await admin.put('/api/channel/', { id, priority: 0 });
    expect((await channelRow(server.db, id)).priority).toBe(0);
  });

  it('concurrent updates of one channel all succeed and leave abilities matching the row', async () => {
    const id = await createOne();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.put('/api/channel/', {
          id,
          models: `m${index},shared`,
          group: `g${index % 3},default`,
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    const row = await channelRow(server.db, id);
    const expected = row.group
      .split(',')
      .flatMap((group) => row.models.split(',').map((model) => `${group}/${model} 1 0 0`))
      .sort();
    expect(await abilityLines(server.db, id)).toEqual(expected);
  });

  it('refuses an unknown id with the spec message and bad mappings without writing', async () => {
    const missing = await admin.put('/api/channel/', { id: 999_999, name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Channel not found, please refresh the page and try again.');
    const id = await createOne();
    const bad = await admin.put('/api/channel/', { id, name: 'changed', model_mapping: 'nope' });
    expect(bad.status).toBe(400);
    expect((await channelRow(server.db, id)).name).not.toBe('changed');
  });
});

describe('GET /api/channel/ and /api/channel/search', () => {
  it('pages by priority (default) or by id, with the total, and never sends keys', async () => {
    const first = await createOne({ priority: 100, name: 'prio-high' });
    const second = await createOne({ priority: -5, name: 'prio-low' });
    const byPriority = await admin.get<ChannelPage>('/api/channel/?p=0&page_size=100');
    const names = byPriority.json.data?.items.map((item) => item.id) ?? [];
    expect(names.indexOf(first)).toBeLessThan(names.indexOf(second));
    expect(byPriority.json.data?.total).toBe(await countRows(server.db, 'channels'));
    expect(byPriority.text).not.toContain('sk-key-');
    const byId = await admin.get<ChannelPage>('/api/channel/?p=0&page_size=2&id_sort=true');
    expect(byId.json.data?.items.map((item) => item.id)).toEqual([second, first]);
    const page1 = await admin.get<ChannelPage>('/api/channel/?p=1&page_size=1&id_sort=true');
    expect(page1.json.data?.items.map((item) => item.id)).toEqual([first]);
  });

  it('refuses a page size above 100', async () => {
    expect((await admin.get('/api/channel/?p=0&page_size=101')).status).toBe(400);
  });

  it('searches by keyword (name, id, exact key), group membership and model', async () => {
    const alpha = await createOne({ name: 'Alpha-Search', key: 'sk-exact-alpha', group: 'svip' });
    const beta = await createOne({ name: 'beta-search', group: 'vip,default', models: 'qwen-max' });
    const ids = async (query: string) => {
      const reply = await admin.get<ChannelPage>(`/api/channel/search?${query}&page_size=100`);
      expect(reply.json.success).toBe(true);
      expect(reply.text).not.toContain('sk-exact-alpha');
      return reply.json.data?.items.map((item) => item.id) ?? [];
    };
    expect(await ids('keyword=alpha-sea')).toEqual([alpha]);
    expect(await ids(`keyword=${beta}`)).toContain(beta);
    expect(await ids('keyword=sk-exact-alpha')).toEqual([alpha]);
    expect(await ids('keyword=search&group=vip')).toEqual([beta]);
    expect(await ids('keyword=search&group=svip')).toEqual([alpha]);
    expect(await ids('keyword=search&model=qwen')).toEqual([beta]);
    const percent = await createOne({ name: '100%_sure' });
    expect(await ids('keyword=%25_')).toEqual([percent]);
    expect(await ids('keyword=0_s')).toEqual([]);
  });

  it('gets one channel without its key', async () => {
    const id = await createOne({ name: 'single' });
    const reply = await admin.get<Channel>(`/api/channel/${id}`);
    expect(reply.json.data).toMatchObject({ id, name: 'single' });
    expect(reply.json.data).not.toHaveProperty('key');
    expect((await admin.get('/api/channel/999999')).status).toBe(404);
  });
});

describe('copy, delete, fix', () => {
  it('copies a channel with its key and a new name, counters reset', async () => {
    const id = await createOne({ name: 'orig', key: 'sk-copy-me', group: 'vip' });
    await server.db.updateTable('channels').set({ used_quota: 500 }).where('id', '=', id).execute();
    const reply = await admin.post<{ id: number }>(`/api/channel/copy/${id}`);
    const copyId = reply.json.data?.id as number;
    expect(await channelRow(server.db, copyId)).toMatchObject({
      name: 'orig_copy',
      key: 'sk-copy-me',
      used_quota: 0,
      group: 'vip',
    });
    expect(await abilityLines(server.db, copyId)).toHaveLength(2);
  });

  it('deletes one channel with its abilities', async () => {
    const id = await createOne();
    expect((await admin.delete(`/api/channel/${id}/`)).json.success).toBe(true);
    expect(await abilityLines(server.db, id)).toEqual([]);
    expect((await admin.delete(`/api/channel/${id}`)).status).toBe(404);
  });

  it('deletes the disabled channels (manual and automatic) and reports the count', async () => {
    await admin.delete('/api/channel/disabled');
    const manual = await createOne();
    const auto = await createOne();
    const kept = await createOne();
    await admin.put('/api/channel/', { id: manual, status: 2 });
    await admin.put('/api/channel/', { id: auto, status: 3 });
    const reply = await admin.delete<number>('/api/channel/disabled');
    expect(reply.json.data).toBe(2);
    expect(await abilityLines(server.db, manual)).toEqual([]);
    expect((await channelRow(server.db, kept)).id).toBe(kept);
  });

  it('batch delete reports how many existed', async () => {
    const a = await createOne();
    const b = await createOne();
    const reply = await admin.post<number>('/api/channel/batch', { ids: [a, b, 987_654] });
    expect(reply.json.data).toBe(2);
    expect(await abilityLines(server.db, a)).toEqual([]);
    expect((await admin.post('/api/channel/batch', { ids: 'all' })).status).toBe(400);
  });

  it('fix rebuilds missing or stale abilities, removes orphans and counts them', async () => {
    await admin.post('/api/channel/fix');
    const broken = await createOne();
    const stale = await createOne();
    await server.db.deleteFrom('abilities').where('channel_id', '=', broken).execute();
    await server.db
      .updateTable('abilities')
      .set({ priority: 42 })
      .where('channel_id', '=', stale)
      .execute();
    await server.db
      .insertInto('abilities')
      .values({
        group: 'default',
        model: 'ghost',
        channel_id: 123_456,
        enabled: 1,
        priority: 0,
        weight: 0,
      })
      .execute();
    expect((await admin.post<number>('/api/channel/fix')).json.data).toBe(3);
    expect(await abilityLines(server.db, broken)).toHaveLength(2);
    expect((await abilityLines(server.db, stale))[0]).toContain(' 1 0 0');
    expect(await abilityLines(server.db, 123_456)).toEqual([]);
    expect((await admin.post<number>('/api/channel/fix')).json.data).toBe(0);
  });
});

describe('model lists', () => {
  it('GET /api/models maps every channel type to its models', async () => {
    const reply = await admin.get<Record<string, string[]>>('/api/models');
    expect(reply.json.data?.['1']).toContain('gpt-4o');
    expect(reply.json.data?.['14']).toContain('claude-3-haiku-20240307');
    // Every type of the registry: spec §3 and today's providers.
    expect(Object.keys(reply.json.data ?? {})).toHaveLength(CHANNEL_TYPES.length);
    expect(reply.json.data?.['43']).toContain('deepseek-chat');
  });

  it('GET /api/channel/models lists model objects', async () => {
    const reply = await admin.get<{ id: string; object: string }[]>('/api/channel/models');
    expect(reply.json.data).toContainEqual(
      expect.objectContaining({ id: 'gpt-4o', object: 'model' }),
    );
  });
});

describe('access', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/channel/?p=0&page_size=10'],
    ['GET', '/api/channel/search?keyword=a'],
    ['GET', '/api/channel/1'],
    ['POST', '/api/channel/', { name: 'x', key: 'k', models: 'm' }],
    ['PUT', '/api/channel/', { id: 1, name: 'x' }],
    ['DELETE', '/api/channel/1'],
    ['DELETE', '/api/channel/disabled'],
    ['POST', '/api/channel/batch', { ids: [1] }],
    ['POST', '/api/channel/fix'],
    ['POST', '/api/channel/copy/1'],
    ['GET', '/api/channel/fetch_models/1'],
    ['POST', '/api/channel/fetch_models', { id: 1 }],
    ['GET', '/api/channel/update_balance/1'],
    ['GET', '/api/channel/update_balance'],
    ['GET', '/api/channel/models'],
    ['GET', '/api/models'],
  ];

  it('refuses ordinary users (403) and anonymous callers (401) and writes nothing', async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await client.login(user.username, user.password);
    const before = await countRows(server.db, 'channels');
    for (const [method, url, body] of endpoints) {
      const asUser = await client.request(method as 'GET', url, body);
      expect(asUser.status, `${method} ${url}`).toBe(403);
      const anonymous = await server.client().request(method as 'GET', url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
    }
    expect(await countRows(server.db, 'channels')).toBe(before);
  });
});
