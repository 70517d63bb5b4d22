// Prompt-cache affinity for Responses chains the gateway holds: a client continuing by
// previous_response_id (Codex, the Agents SDK) on chat-only channels names no conversation, yet
// its turns keep one channel while affinity is on, spread with it off, and leave a disabled
// channel at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateChannelCandidates } from '../../src/relay/candidate-cache';
import { heldChainKey } from '../../src/relay/dialects/responses/chain-key';
import { affinityCaller, disableChannel, seedThreeChannels, servedKeys } from '../helpers/affinity';
import { type RelayHarness, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});
afterAll(() => h.close());

/** Three channels of type 1 whose editor setting says their upstream speaks chat only. */
async function chatOnlyChannels(tag: string) {
  const seeded = await seedThreeChannels(h.db, h.fake, tag);
  await h.db
    .updateTable('channels')
    .set({ other_info: JSON.stringify({ responses_api: 'translate' }) })
    .where('id', 'in', seeded.ids)
    .execute();
  invalidateChannelCandidates();
  return seeded;
}

/** A Responses client's chain: each turn continues the last by previous_response_id. */
function chain(model: string, authorization: string) {
  let previous: string | undefined;
  return async (turns: number) => {
    const from = h.fake.requests.length;
    for (let i = 0; i < turns; i += 1) {
      const response = await fetch(`${h.url}/v1/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({
          model,
          instructions: 'You are a terse coding agent.',
          input: `step ${i}`,
          ...(previous ? { previous_response_id: previous } : {}),
        }),
      });
      const body = (await response.json()) as { id?: string };
      expect(response.status).toBe(200);
      previous = body.id;
    }
    return servedKeys(h.fake, model, from);
  };
}

describe('the affinity name of a gateway-held chain', () => {
  it('is its opening: instructions and first user message, whatever follows', () => {
    const first = { role: 'user' as const, content: 'step 0' };
    const opening = [{ role: 'system' as const, content: 'be terse' }, first];
    const key = heldChainKey(opening);
    expect(key).toMatch(/^r:/);
    const later = [...opening, { role: 'assistant' as const, content: 'ok' }];
    expect(heldChainKey([...later, { role: 'user', content: 'step 1' }])).toBe(key);
    expect(heldChainKey([{ role: 'system', content: 'be verbose' }, first])).not.toBe(key);
    expect(heldChainKey([{ role: 'system', content: 'be terse' }])).toBeUndefined();
  });
});

describe('prompt-cache affinity for previous_response_id chains the gateway holds', () => {
  it('keeps a 10-turn chain on one of three chat-only channels; without affinity it spreads', async () => {
    const { model } = await chatOnlyChannels('chain');
    const { token } = await affinityCaller(h.db);
    const kept = await chain(model, token.authorization)(10);
    expect(kept).toHaveLength(10);
    // The first turn continues nothing, so it is no chain yet: it lands where the weights put
    // it; every follow-up is bound from the second turn on.
    expect(new Set(kept.slice(1)).size).toBe(1);

    await h.server.runtime.options.set('ChannelAffinityMinutes', '0');
    try {
      const spread = await chain(model, token.authorization)(10);
      expect(spread).toHaveLength(10);
      // Nine follow-ups on one of 3 equal channels by chance: 3 × 3^-9.
      expect(new Set(spread.slice(1)).size).toBeGreaterThan(1);
    } finally {
      await h.server.runtime.options.set('ChannelAffinityMinutes', '60');
    }
  });

  it('leaves a disabled channel at once and stays on the next', async () => {
    const { keys, ids, model } = await chatOnlyChannels('chain-off');
    const { token } = await affinityCaller(h.db);
    const next = chain(model, token.authorization);
    const before = await next(3);
    const bound = before[2] as string;
    expect(before[1]).toBe(bound);
    await disableChannel(h.db, ids[keys.indexOf(bound)] as number);
    const after = await next(6);
    expect(after).toHaveLength(6);
    expect(after).not.toContain(bound);
    expect(new Set(after).size).toBe(1);
  });

  it('lets a conversation the request names win over the chain', async () => {
    const { model } = await chatOnlyChannels('chain-named');
    const { token } = await affinityCaller(h.db);
    const first = await fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token.authorization },
      body: JSON.stringify({ model, input: 'step 0' }),
    });
    const { id } = (await first.json()) as { id: string };
    // Follow-ups of one held reply, each naming its own prompt_cache_key: ten conversations.
    const from = h.fake.requests.length;
    for (let i = 0; i < 10; i += 1) {
      const next = await fetch(`${h.url}/v1/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token.authorization },
        body: JSON.stringify({
          model,
          input: 'and then?',
          previous_response_id: id,
          prompt_cache_key: `k-${i}`,
        }),
      });
      expect(next.status).toBe(200);
      await next.arrayBuffer();
    }
    const served = servedKeys(h.fake, model, from);
    expect(served).toHaveLength(10);
    expect(new Set(served).size).toBeGreaterThan(1);
  });
});
