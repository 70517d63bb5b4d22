// The status page's outcomes come from the relay: each relayed request adds one success or one
// failure to its model and the channel that answered (or failed), once, after the last attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from './helpers/relay-fixtures';

let h: RelayHarness;
let good: number;
let broken: number;

beforeAll(async () => {
  h = await startRelayHarness();
  good = await seedChannel(h.db, { key: 'outcome-key', baseUrl: h.fake.url, models: ['gpt-4'] });
  broken = await seedChannel(h.db, {
    key: 'outcome-broken',
    baseUrl: h.fake.url,
    models: ['broken-4'],
  });
  h.fake.behave('outcome-broken', { status: 400 });
});
afterAll(() => h.close());

async function buckets(model: string) {
  await h.server.app.outcomes.flush();
  const rows = await h.db
    .selectFrom('status_buckets')
    .select(['channel_id', 'success', 'failure', 'ttft_count'])
    .where('model_name', '=', model)
    .execute();
  return rows.map((row) => ({
    channel: Number(row.channel_id),
    success: Number(row.success),
    failure: Number(row.failure),
    ttft: Number(row.ttft_count),
  }));
}

describe('relay outcomes for the status page', () => {
  it('records served requests as successes and a refused upstream as a failure', async () => {
    const user = await createUser(h.db, { quota: 10_000_000 });
    const token = await createToken(h.db, user.id);
    expect((await postChat(h, token.authorization, { model: 'gpt-4' })).status).toBe(200);
    const stream = await postChat(h, token.authorization, { model: 'gpt-4', stream: true });
    await stream.text();
    expect((await postChat(h, token.authorization, { model: 'broken-4' })).status).toBe(400);
    // A gateway refusal (model not served) says nothing about a channel: not recorded.
    expect((await postChat(h, token.authorization, { model: 'nobody-4' })).status).toBe(404);

    expect(await buckets('gpt-4')).toEqual([{ channel: good, success: 2, failure: 0, ttft: 1 }]);
    expect(await buckets('broken-4')).toEqual([
      { channel: broken, success: 0, failure: 1, ttft: 0 },
    ]);
    expect(await buckets('nobody-4')).toEqual([]);
  });
});
