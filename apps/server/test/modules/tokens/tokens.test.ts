// /api/token: a user's API tokens — CRUD, isolation between users, status rules.
import { type Page, TokenStatus, type TokenView } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/billing';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

const tokenInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  remain_quota: 500000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  ...extra,
});

const list = async (client: Awaited<ReturnType<typeof signedInUser>>['client']) =>
  (await client.get<Page<TokenView>>('/api/token/?p=0&size=10')).json.data as Page<TokenView>;

describe('tokens', () => {
  it('creates a token with a 48-character alphanumeric key and lists it', async () => {
    const { client } = await signedInUser(server);
    const created = await client.post<TokenView>('/api/token/', tokenInput('first'));
    expect(created.json.success, created.json.message).toBe(true);
    const page = await list(client);
    expect(page.total).toBe(1);
    const token = page.items[0] as TokenView;
    // The reply carries the new token, key included, for the console's quickstart dialog.
    expect(created.json.data).toEqual(token);
    expect(token).toMatchObject({
      name: 'first',
      status: 1,
      remain_quota: 500000,
      expired_time: -1,
    });
    expect(token.key).toMatch(/^[0-9A-Za-z]{48}$/);
  });

  it('keys are distinct', async () => {
    const { client } = await signedInUser(server);
    for (let i = 0; i < 5; i += 1) await client.post('/api/token/', tokenInput(`t${i}`));
    const keys = new Set((await list(client)).items.map((token) => token.key));
    expect(keys.size).toBe(5);
  });

  it('a user sees and touches only their own tokens', async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    await alice.client.post('/api/token/', tokenInput('alice-token'));
    const aliceToken = (await list(alice.client)).items[0] as TokenView;

    expect((await list(bob.client)).total).toBe(0);
    expect((await bob.client.get(`/api/token/${aliceToken.id}`)).json.success).toBe(false);
    const search = await bob.client.get<TokenView[]>('/api/token/search?keyword=alice');
    expect(search.json.data).toEqual([]);
    const edit = await bob.client.put('/api/token/', {
      ...tokenInput('stolen'),
      id: aliceToken.id,
    });
    expect(edit.json.success).toBe(false);
    const disable = await bob.client.put('/api/token/?status_only=true', {
      id: aliceToken.id,
      status: 2,
    });
    expect(disable.json.success).toBe(false);
    expect((await bob.client.delete(`/api/token/${aliceToken.id}`)).json.success).toBe(false);

    const row = await server.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', aliceToken.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'alice-token', status: 1, deleted_at: null });
  });

  it('edits, disables, enables and deletes', async () => {
    const { client } = await signedInUser(server);
    await client.post('/api/token/', tokenInput('before'));
    const { id } = (await list(client)).items[0] as TokenView;
    const edited = await client.put<TokenView>('/api/token/', {
      ...tokenInput('after', { unlimited_quota: true, model_limits_enabled: true }),
      model_limits: 'gpt-4o,gpt-4o-mini',
      id,
    });
    expect(edited.json.data).toMatchObject({
      name: 'after',
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
    });
    const off = await client.put<TokenView>('/api/token/?status_only=true', { id, status: 2 });
    expect(off.json.data?.status).toBe(TokenStatus.disabled);
    const on = await client.put<TokenView>('/api/token/?status_only=true', { id, status: 1 });
    expect(on.json.data?.status).toBe(TokenStatus.enabled);
    expect((await client.delete(`/api/token/${id}`)).json.success).toBe(true);
    expect((await list(client)).total).toBe(0);
  });

  it('searches by name keyword and by key (with or without sk-)', async () => {
    const { client } = await signedInUser(server);
    await client.post('/api/token/', tokenInput('apple'));
    await client.post('/api/token/', tokenInput('banana'));
    const byName = await client.get<TokenView[]>('/api/token/search?keyword=ppl');
    expect(byName.json.data?.map((token) => token.name)).toEqual(['apple']);
    const banana = (await list(client)).items.find((token) => token.name === 'banana');
    const fragment = `sk-${banana?.key.slice(0, 20)}`;
    const byKey = await client.get<TokenView[]>(`/api/token/search?token=${fragment}`);
    expect(byKey.json.data?.map((token) => token.name)).toEqual(['banana']);
    const wildcard = await client.get<TokenView[]>('/api/token/search?keyword=%25');
    expect(wildcard.json.data).toEqual([]);
    await client.post('/api/token/', tokenInput('a_b!%'));
    await client.post('/api/token/', tokenInput('axb!x'));
    const literal = await client.get<TokenView[]>(
      `/api/token/search?keyword=${encodeURIComponent('a_b!%')}`,
    );
    expect(literal.json.data?.map((token) => token.name)).toEqual(['a_b!%']);
  });

  it('shows expired and exhausted tokens as such and refuses to re-enable them', async () => {
    const { client } = await signedInUser(server);
    await client.post('/api/token/', tokenInput('old', { expired_time: 1000 }));
    await client.post('/api/token/', tokenInput('empty', { remain_quota: 0 }));
    const items = (await list(client)).items;
    const old = items.find((token) => token.name === 'old') as TokenView;
    const empty = items.find((token) => token.name === 'empty') as TokenView;
    expect(old.status).toBe(TokenStatus.expired);
    expect(empty.status).toBe(TokenStatus.exhausted);

    await server.db
      .updateTable('tokens')
      .set({ status: TokenStatus.expired })
      .where('id', '=', old.id)
      .execute();
    const refused = await client.put('/api/token/?status_only=true', { id: old.id, status: 1 });
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toMatch(/expired/);

    // Giving it a future expiry makes it usable again.
    const future = Math.floor(Date.now() / 1000) + 3600;
    const revived = await client.put<TokenView>('/api/token/', {
      ...tokenInput('old', { expired_time: future }),
      id: old.id,
    });
    expect(revived.json.data?.status).toBe(TokenStatus.enabled);
  });

  it('refuses bad input and writes nothing', async () => {
    const { client } = await signedInUser(server);
    for (const body of [
      tokenInput(''),
      tokenInput('x'.repeat(31)),
      tokenInput('neg', { remain_quota: -1 }),
      tokenInput('bad', { expired_time: 'soon' }),
      { name: 'partial' },
    ]) {
      const reply = await client.post('/api/token/', body);
      expect(reply.status).toBe(400);
      expect(reply.json.success).toBe(false);
    }
    expect((await list(client)).total).toBe(0);
    expect((await server.client().get('/api/token/')).status).toBe(401);
  });

  it('pages with p from 0 and size', async () => {
    const { client } = await signedInUser(server);
    for (let i = 0; i < 12; i += 1) await client.post('/api/token/', tokenInput(`n${i}`));
    const second = await client.get<Page<TokenView>>('/api/token/?p=1&size=10');
    expect(second.json.data?.total).toBe(12);
    expect(second.json.data?.items.map((token) => token.name)).toEqual(['n1', 'n0']);
  });
});
