// GET /api/pricing: models of enabled channels, priced by the pricing options, per caller group.
import { modelPrices, type PricingItem, type PricingReply } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertChannel, signedInUser } from '../../helpers/billing';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

beforeAll(async () => {
  const options = server.runtime.options;
  await options.set(
    'ModelRatio',
    JSON.stringify({ 'gpt-4o': 2.5, 'claude-3-haiku': 0.125, 'zeta-chat': 1 }),
  );
  await options.set('ModelPrice', JSON.stringify({ 'mj-imagine': 0.1 }));
  await options.set('CompletionRatio', JSON.stringify({ 'zeta-chat': 1.5 }));
  await options.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.8 }));
  await insertChannel(server.db, { models: ['gpt-4o', 'zeta-chat'], groups: ['default', 'vip'] });
  await insertChannel(server.db, { models: ['claude-3-haiku'], groups: ['vip'], type: 14 });
  await insertChannel(server.db, { models: ['mj-imagine'], groups: ['default'], type: 2 });
  await insertChannel(server.db, { models: ['hidden-model'], groups: ['default'], status: 2 });
});

const byName = (reply: PricingReply, name: string) =>
  reply.data.find((item) => item.model_name === name) as PricingItem;

describe('GET /api/pricing', () => {
  it('lists the models of enabled channels, per-usage first then gpt, with the guest ratio', async () => {
    const reply = (await server.client().get('/api/pricing')).body<PricingReply>();
    expect(reply.success).toBe(true);
    expect(reply.group_ratio).toBe(1);
    expect(reply.group).toBe('default');
    expect(reply.data.map((item) => item.model_name)).toEqual([
      'gpt-4o',
      'claude-3-haiku',
      'zeta-chat',
      'mj-imagine',
    ]);
    expect(byName(reply, 'gpt-4o')).toEqual({
      model_name: 'gpt-4o',
      quota_type: 0,
      model_ratio: 2.5,
      model_price: 0,
      completion_ratio: 3,
      enable_groups: ['default', 'vip'],
      available: true,
      price_set: true,
      owner_by: 'openai',
      context_length: 128_000,
    });
    expect(byName(reply, 'mj-imagine')).toMatchObject({ quota_type: 1, model_price: 0.1 });
    // A model the built-in table does not know has no context length.
    expect(byName(reply, 'zeta-chat')).not.toHaveProperty('context_length');
    expect(byName(reply, 'claude-3-haiku')).toMatchObject({
      owner_by: 'anthropic',
      available: true,
      context_length: 200_000,
    });
  });

  it('prices by the spec formulas (hand-computed)', async () => {
    const reply = (await server.client().get('/api/pricing')).body<PricingReply>();
    // gpt-4o: 2.5 × 2 × 1 = $5 per 1M prompt tokens; × completion 3 = $15.
    expect(modelPrices(byName(reply, 'gpt-4o'), 1)).toEqual({ prompt: 5, completion: 15 });
    type PerUsage = { prompt: number; completion: number };
    // zeta-chat for vip: 1 × 2 × 0.8 = $1.6; × 1.5 = $2.4.
    const zeta = modelPrices(byName(reply, 'zeta-chat'), 0.8) as PerUsage;
    expect(zeta.prompt).toBeCloseTo(1.6, 10);
    expect(zeta.completion).toBeCloseTo(2.4, 10);
    // mj-imagine per call: 0.1 × 0.8 = $0.08.
    expect(
      (modelPrices(byName(reply, 'mj-imagine'), 0.8) as { perCall: number }).perCall,
    ).toBeCloseTo(0.08, 10);
  });

  it('a signed-in user sees their group ratio and which models their group cannot use', async () => {
    const { user, client } = await signedInUser(server);
    await server.db.updateTable('users').set({ group: 'vip' }).where('id', '=', user.id).execute();
    const vip = (await client.get('/api/pricing')).body<PricingReply>();
    expect(vip).toMatchObject({ group: 'vip', group_ratio: 0.8 });
    expect(byName(vip, 'mj-imagine').available).toBe(false);
    expect(byName(vip, 'claude-3-haiku').available).toBe(true);

    const plain = await signedInUser(server);
    const mine = (await plain.client.get('/api/pricing')).body<PricingReply>();
    expect(mine).toMatchObject({ group: 'default', group_ratio: 1 });
    expect(byName(mine, 'claude-3-haiku').available).toBe(false);
    expect(byName(mine, 'gpt-4o').available).toBe(true);
  });

  it('marks a model without a ratio or price as not priced and not available', async () => {
    await insertChannel(server.db, { models: ['mystery-model'], groups: ['default'] });
    const guest = (await server.client().get('/api/pricing')).body<PricingReply>();
    expect(byName(guest, 'mystery-model')).toMatchObject({ price_set: false, available: false });
    expect(byName(guest, 'gpt-4o')).toMatchObject({ price_set: true, available: true });
    expect(byName(guest, 'mj-imagine')).toMatchObject({ price_set: true, available: true });
    const { client } = await signedInUser(server);
    const mine = (await client.get('/api/pricing')).body<PricingReply>();
    expect(byName(mine, 'mystery-model')).toMatchObject({ price_set: false, available: false });
  });

  it('a caller with a system access token (no cookie) sees their group too', async () => {
    const { user, client } = await signedInUser(server);
    await server.db.updateTable('users').set({ group: 'vip' }).where('id', '=', user.id).execute();
    const token = (await client.get<string>('/api/user/token')).json.data ?? '';
    expect(token).not.toBe('');
    const reply = await server.client().get('/api/pricing', { authorization: token });
    expect(reply.body<PricingReply>()).toMatchObject({ group: 'vip', group_ratio: 0.8 });
  });
});
