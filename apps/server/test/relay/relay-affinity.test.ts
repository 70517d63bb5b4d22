// Prompt-cache affinity on one node (bindings in its memory): a conversation keeps its channel,
// spreads without affinity, leaves a disabled or failing channel at once, and never reaches a
// channel outside the caller's group.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisFallbackCounts } from '../../src/lib/redis';
import { LocalAffinityStore, RedisAffinityStore } from '../../src/relay/affinity/affinity-store';
import { AffinityBinding } from '../../src/relay/affinity/channel-affinity';
import { conversationKeyOf } from '../../src/relay/affinity/conversation-key';
import {
  affinityCaller,
  disableChannel,
  seedThreeChannels,
  servedKeys,
  setChannelEnabled,
  turn,
} from '../helpers/affinity';
import { type RelayHarness, seedChannel, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
  await h.server.runtime.options.set('RetryTimes', '2');
});
afterAll(() => h.close());

/** Sends the turns of a session in order; the keys of the channels that were asked. */
async function session(model: string, turns: number, authorization: string, id?: string) {
  const from = h.fake.requests.length;
  for (let i = 0; i < turns; i += 1) expect(await turn(h.url, authorization, model, id)).toBe(200);
  return servedKeys(h.fake, model, from);
}

describe('conversation names', () => {
  it('reads the coding agents’ session headers and the bodies’ conversation fields', () => {
    expect(conversationKeyOf({ 'x-claude-code-session-id': 'abc' }, {})).toBe('s:abc');
    expect(conversationKeyOf({ 'session-id': 'codex-1' }, {})).toBe('s:codex-1');
    expect(conversationKeyOf({ session_id: 'codex-0' }, {})).toBe('s:codex-0');
    expect(conversationKeyOf({ 'x-session-affinity': 'oc' }, {})).toBe('s:oc');
    const legacy = { metadata: { user_id: 'user_ab12_account__session_5f3e' } };
    expect(conversationKeyOf({}, legacy)).toBe('s:5f3e');
    const json = { metadata: { user_id: JSON.stringify({ device_id: 'd', session_id: 'u-1' }) } };
    expect(conversationKeyOf({}, json)).toBe('s:u-1');
    // Codex sends the same id as header and prompt_cache_key: one conversation either way.
    expect(conversationKeyOf({}, { prompt_cache_key: 'codex-1' })).toBe('s:codex-1');
    expect(conversationKeyOf({}, { conversation: { id: 'conv_1' } })).toBe('s:conv_1');
    expect(conversationKeyOf({}, { user: 'alice' })).toBe('u:alice');
    // Gemini CLI names only its installation: the last resort.
    const gemini = { 'x-gemini-api-privileged-user-id': 'inst-1' };
    expect(conversationKeyOf(gemini, {})).toBe('i:inst-1');
    expect(conversationKeyOf(gemini, { user: 'alice' })).toBe('u:alice');
    expect(conversationKeyOf({}, { messages: [] })).toBeUndefined();
  });
});

describe('affinity stores', () => {
  it('forget a binding when its minutes are over, and refresh a busy one only now and then', async () => {
    let now = 1_000_000;
    const store = new LocalAffinityStore(() => now);
    const writes: number[] = [];
    const counting = {
      get: (key: string) => store.get(key),
      delete: (key: string) => store.delete(key),
      set: (key: string, entry: { channelId: number; boundAtMs: number }, ttl: number) => {
        writes.push(entry.channelId);
        return store.set(key, entry, ttl);
      },
    };
    const binding = () => new AffinityBinding(counting, 'u:m:s', 60_000, () => now);
    let turn = binding();
    expect(await turn.lookup()).toBeUndefined();
    turn.served(7);
    // Served again 5 s later (under a tenth of the minute): not rewritten.
    now += 5_000;
    turn = binding();
    expect(await turn.lookup()).toBe(7);
    turn.served(7);
    expect(writes).toEqual([7]);
    // 59 s after binding: refreshed, so it outlives the first minute.
    now += 54_000;
    turn = binding();
    expect(await turn.lookup()).toBe(7);
    turn.served(7);
    expect(writes).toEqual([7, 7]);
    now += 30_000;
    expect(await binding().lookup()).toBe(7);
    now += 31_000;
    expect(await binding().lookup()).toBeUndefined();
  });

  it('falls back to this node’s memory while Redis is not connected', async () => {
    // Never connected (lazy, to a closed port): not ready, so nothing waits for it.
    const client = new Redis('redis://127.0.0.1:9', { lazyConnect: true });
    const store = new RedisAffinityStore(client, 'sy:');
    await store.set('k', { channelId: 3, boundAtMs: 1 }, 60_000);
    expect(await store.get('k')).toMatchObject({ channelId: 3, boundAtMs: 1 });
    await store.delete('k');
    expect(await store.get('k')).toBeUndefined();
    expect(redisFallbackCounts(client).get('affinity')).toBeGreaterThanOrEqual(4);
    client.disconnect();
  });
});

describe('prompt-cache affinity on one node', () => {
  it('keeps a 20-turn session on one of three channels; without affinity it spreads', async () => {
    const { model } = await seedThreeChannels(h.db, h.fake, 'keep');
    const { token } = await affinityCaller(h.db);
    const kept = await session(model, 20, token.authorization, randomUUID());
    expect(kept).toHaveLength(20);
    expect(new Set(kept).size).toBe(1);

    // Each session starts where the weights put it: ten sessions land on more than one channel.
    const firsts = new Set<string>();
    for (let i = 0; i < 10; i += 1)
      firsts.add((await session(model, 1, token.authorization, randomUUID()))[0] ?? '');
    expect(firsts.size).toBeGreaterThan(1);

    await h.server.runtime.options.set('ChannelAffinityMinutes', '0');
    try {
      const spread = await session(model, 20, token.authorization, randomUUID());
      // All 20 on one of 3 equal channels by chance: 3 × 3^-20.
      expect(new Set(spread).size).toBeGreaterThan(1);
    } finally {
      await h.server.runtime.options.set('ChannelAffinityMinutes', '60');
    }
  });

  it('drops the binding the moment its channel is disabled', async () => {
    const { keys, ids, model } = await seedThreeChannels(h.db, h.fake, 'disable');
    const { token } = await affinityCaller(h.db);
    const id = randomUUID();
    const [bound] = await session(model, 3, token.authorization, id);
    const boundId = ids[keys.indexOf(bound ?? '')] as number;
    await disableChannel(h.db, boundId);
    const after = await session(model, 10, token.authorization, id);
    expect(after).not.toContain(bound);
    // …and the conversation settles on one of the others.
    expect(new Set(after).size).toBe(1);
  });

  it('drops the binding when a request on its channel fails, and keeps the channel that answered', async () => {
    const { keys, model } = await seedThreeChannels(h.db, h.fake, 'fail');
    const { token } = await affinityCaller(h.db);
    const id = randomUUID();
    const [bound] = await session(model, 2, token.authorization, id);
    h.fake.behave(bound ?? '', { failPattern: 'F', status: 500 });
    const failedTurn = await session(model, 1, token.authorization, id);
    // The failed attempt on the bound channel, then another channel answered.
    expect(failedTurn[0]).toBe(bound);
    const rescuer = failedTurn[1];
    expect(keys).toContain(rescuer);
    expect(rescuer).not.toBe(bound);
    // The bound channel is healthy again: the conversation stays with the one that answered.
    h.fake.behave(bound ?? '', {});
    expect(new Set(await session(model, 8, token.authorization, id))).toEqual(new Set([rescuer]));
  });

  /** X (weight 0) beside Y (weight 1): the weights alone never choose X, so a conversation is on
   * X only while bound to it; it binds while Y is disabled. */
  async function boundToUnweighted(tag: string) {
    const model = `gpt-affinity-${tag}`;
    const x = `aff-${tag}-x`;
    const y = `aff-${tag}-y`;
    await seedChannel(h.db, { key: x, baseUrl: h.fake.url, models: [model] });
    const yId = await seedChannel(h.db, {
      key: y,
      baseUrl: h.fake.url,
      models: [model],
      weight: 1,
    });
    const { token } = await affinityCaller(h.db);
    const id = randomUUID();
    await setChannelEnabled(h.db, yId, false);
    expect(await session(model, 2, token.authorization, id)).toEqual([x, x]);
    await setChannelEnabled(h.db, yId, true);
    expect(await session(model, 3, token.authorization, id)).toEqual([x, x, x]);
    return { model, x, y, id, authorization: token.authorization };
  }

  it('drops the binding when a request on its channel fails, even with no retry', async () => {
    const { model, x, y, id, authorization } = await boundToUnweighted('fail-once');
    await h.server.runtime.options.set('RetryTimes', '0');
    try {
      h.fake.behave(x, { failPattern: 'F', status: 500 });
      expect(await turn(h.url, authorization, model, id)).toBe(500);
      h.fake.behave(x, {});
      expect(await session(model, 3, authorization, id)).toEqual([y, y, y]);
    } finally {
      await h.server.runtime.options.set('RetryTimes', '2');
    }
  });

  it('drops the binding when its channel cuts a stream', async () => {
    const { model, x, y, id, authorization } = await boundToUnweighted('cut');
    h.fake.behave(x, { cutAfter: 1, text: 'one two three four' });
    const cut = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization,
        'x-claude-code-session-id': id,
      },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(await cut.text()).toContain('stream_cut');
    h.fake.behave(x, {});
    expect(await session(model, 3, authorization, id)).toEqual([y, y, y]);
  });

  it('never follows a binding to a channel outside the caller’s group', async () => {
    const { keys, model } = await seedThreeChannels(h.db, h.fake, 'group');
    const vipKey = 'aff-group-vip';
    await seedChannel(h.db, {
      key: vipKey,
      baseUrl: h.fake.url,
      models: [model],
      groups: ['vip'],
      weight: 1,
    });
    const vip = await affinityCaller(h.db);
    await h.db.updateTable('users').set({ group: 'vip' }).where('id', '=', vip.user.id).execute();
    const { token } = await affinityCaller(h.db);
    // The same user and conversation name cannot be shared, but the same session id can: each
    // binding is the caller's own, and a default-group caller only ever gets default channels.
    const id = randomUUID();
    expect(await session(model, 3, vip.token.authorization, id)).toEqual([vipKey, vipKey, vipKey]);
    const served = await session(model, 5, token.authorization, id);
    for (const key of served) expect(keys).toContain(key);
  });
});
