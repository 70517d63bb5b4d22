// The node's channel candidates (relay/candidate-cache.ts): kept between channel changes, dropped
// by every write of modules/channels at once, never put back by a read that raced a change, and
// a change made behind the server's back (another node, SQL by hand) seen within the TTL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAbilitiesEnabled } from '../../src/modules/channels/abilities';
import { setChannelStatus } from '../../src/modules/channels/channel-health.repository';
import { updateChannel } from '../../src/modules/channels/channels.repository';
import {
  CANDIDATES_TTL_MS,
  cachedCandidates,
  candidatesGeneration,
  invalidateChannelCandidates,
  keepCandidates,
} from '../../src/relay/candidate-cache';
import { listCandidates } from '../../src/relay/relay.repository';
import { type RelayHarness, seedChannel, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});
afterAll(() => h.close());

const ids = async (model: string) =>
  (await listCandidates(h.db, 'default', model)).map((row) => row.id).sort((a, b) => a - b);

describe('channel candidates kept per node', () => {
  it('answers from the cache until the channels change: a row edited by SQL is seen within the TTL', async () => {
    const model = 'cache-ttl';
    const id = await seedChannel(h.db, { key: 'ttl-a', baseUrl: h.fake.url, models: [model] });
    expect(await ids(model)).toEqual([id]);
    expect(cachedCandidates(h.db, 'default', model, Date.now())).toHaveLength(1);
    // Behind the server's back (another node, SQL by hand): no invalidation on this node.
    await h.db.updateTable('abilities').set({ enabled: 0 }).where('channel_id', '=', id).execute();
    expect(await ids(model)).toEqual([id]);
    await new Promise((resolve) => setTimeout(resolve, CANDIDATES_TTL_MS + 50));
    expect(await ids(model)).toEqual([]);
  });

  it("sees the channel health's disable and enable at once", async () => {
    const model = 'cache-health';
    const a = await seedChannel(h.db, { key: 'health-a', baseUrl: h.fake.url, models: [model] });
    const b = await seedChannel(h.db, { key: 'health-b', baseUrl: h.fake.url, models: [model] });
    expect(await ids(model)).toEqual([a, b]);
    expect(await setChannelStatus(h.db, a, 3, null)).toBe(true);
    expect(await ids(model)).toEqual([b]);
    expect(await setChannelStatus(h.db, a, 1, null)).toBe(true);
    expect(await ids(model)).toEqual([a, b]);
  });

  it('sees an edited channel and switched abilities at once', async () => {
    const model = 'cache-edit';
    const id = await seedChannel(h.db, { key: 'edit-a', baseUrl: h.fake.url, models: [model] });
    const [before] = await listCandidates(h.db, 'default', model);
    expect(before?.model_mapping).toBeNull();
    await updateChannel(h.db, id, { model_mapping: JSON.stringify({ [model]: 'gpt-4' }) });
    const [after] = await listCandidates(h.db, 'default', model);
    expect(after?.model_mapping).toBe(JSON.stringify({ [model]: 'gpt-4' }));
    await setAbilitiesEnabled(h.db, id, false);
    expect(await ids(model)).toEqual([]);
    await setAbilitiesEnabled(h.db, id, true);
    expect(await ids(model)).toEqual([id]);
  });

  it('keeps nothing from a read that an invalidation overtook', async () => {
    const model = 'cache-race';
    const id = await seedChannel(h.db, { key: 'race-a', baseUrl: h.fake.url, models: [model] });
    const readAt = candidatesGeneration();
    const rows = await listCandidates(h.db, 'default', model);
    invalidateChannelCandidates();
    // The read's rows arrive after the change committed: they must not become the cache.
    keepCandidates(h.db, 'default', model, rows, readAt, Date.now());
    expect(cachedCandidates(h.db, 'default', model, Date.now())).toBeUndefined();
    expect(await ids(model)).toEqual([id]);
    expect(cachedCandidates(h.db, 'default', model, Date.now())).toHaveLength(1);
  });
});
