// The status page's outcomes come from the relay: each relayed request adds one success or one
// failure to its model and the channel that answered (or failed), once, after the last attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { awayFromMinuteEdge } from '../helpers/limits';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from '../helpers/relay-fixtures';

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
    // A name nobody serves or prices is the caller's own: it stays off the status page.
    expect((await postChat(h, token.authorization, { model: 'nobody-4' })).status).toBe(404);

    expect(await buckets('gpt-4')).toEqual([{ channel: good, success: 2, failure: 0, ttft: 1 }]);
    expect(await buckets('broken-4')).toEqual([
      { channel: broken, success: 0, failure: 1, ttft: 0 },
    ]);
    expect(await buckets('nobody-4')).toEqual([]);
  });

  it("counts only the service's refusals on /api/status/models, never what the caller caused", async () => {
    await seedChannel(h.db, {
      key: 'outcome-refusals',
      baseUrl: h.fake.url,
      models: ['limited-4', 'short-4'],
    });
    const user = await createUser(h.db, { quota: 10_000_000 });
    const limited = await createToken(h.db, user.id);
    await h.db.updateTable('tokens').set({ rpm_limit: 1 }).where('id', '=', limited.id).execute();
    // Served, then a burst over the key's rpm: the limiter's 429s are the caller's own.
    await awayFromMinuteEdge();
    expect((await postChat(h, limited.authorization, { model: 'limited-4' })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await postChat(h, limited.authorization, { model: 'limited-4' })).status).toBe(429);
    }
    // A user whose quota cannot pay the reservation: 403 before any upstream call, the caller's.
    const poor = await createUser(h.db, { quota: 1 });
    const poorToken = await createToken(h.db, poor.id);
    const short = await postChat(h, poorToken.authorization, { model: 'short-4', max_tokens: 100 });
    expect(short.status).toBe(403);
    // No channel serves a model the gateway prices (built in): the model's failure. A made-up
    // name is not listed, so callers cannot write names onto the public page.
    const token = await createToken(h.db, user.id);
    expect((await postChat(h, token.authorization, { model: 'gemini-2.0-flash' })).status).toBe(
      404,
    );
    expect((await postChat(h, token.authorization, { model: 'ghost-4' })).status).toBe(404);
    // A bad request says nothing about the model: not counted.
    const bad = await postChat(h, token.authorization, { model: 'short-4', messages: 'x' });
    expect(bad.status).toBe(400);

    await h.server.app.outcomes.flush();
    const reply = await fetch(`${h.url}/api/status/models?window=1h`);
    const body = (await reply.json()) as {
      data: { models: { model_name: string; requests: number; success_rate: number | null }[] };
    };
    const row = (model: string) => body.data.models.find((m) => m.model_name === model);
    expect(row('limited-4')).toMatchObject({ requests: 1, success_rate: 1 });
    expect(row('short-4')).toBeUndefined();
    expect(row('gemini-2.0-flash')).toMatchObject({ requests: 1, success_rate: 0 });
    expect(row('ghost-4')).toBeUndefined();
    // Recorded per model, not against a channel.
    expect(await buckets('gemini-2.0-flash')).toEqual([
      { channel: 0, success: 0, failure: 1, ttft: 0 },
    ]);
  });
});
