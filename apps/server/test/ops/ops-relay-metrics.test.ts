// End to end: chats through the relay move the relay metrics by the right amounts (requests,
// tokens, quota equal to the consume logs, first-token and upstream histograms, upstream errors).
// Needs the relay's calls into app.ops.relayObserver (see src/ops/relay-observer.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { sample, scrape } from '../helpers/metrics';
import {
  consumeTotal,
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  setOption,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
let good: number;
let failing: number;

beforeAll(async () => {
  h = await startRelayHarness();
  good = await seedChannel(h.db, { key: 'metrics-key', baseUrl: h.fake.url, models: ['gpt-4'] });
  // Higher priority: tried first, fails with a 500, the request retries on `good`.
  failing = await seedChannel(h.db, {
    key: 'metrics-broken',
    baseUrl: h.fake.url,
    models: ['gpt-4'],
    priority: 10,
    autoBan: 0,
  });
  h.fake.behave('metrics-broken', { status: 500 });
  h.fake.behave('metrics-key', { text: 'one two three four', promptTokens: 12 });
  await setOption(h.db, 'RetryTimes', '1');
  await h.server.runtime.options.load();
});
afterAll(() => h.close());

describe('relay metrics', () => {
  it('counts a plain and a streamed chat by model, channel, dialect and outcome', async () => {
    const user = await createUser(h.db, { quota: 10_000_000 });
    const token = await createToken(h.db, user.id);
    const before = await scrape(h.server);

    const plain = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(plain.status).toBe(200);
    await plain.json();
    const streamed = await postChat(h, token.authorization, {
      model: 'gpt-4',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain('[DONE]');
    await waitForLogs(h.db, user.id, 2);
    const charged = await consumeTotal(h.db, user.id);
    expect(charged.count).toBe(2);

    const channel = String(good);
    // The outcome is counted just after the settlement (and its log row) is committed.
    const served = { model: 'gpt-4', channel, dialect: 'openai', outcome: 'success' };
    let after = await scrape(h.server);
    const deadline = Date.now() + 2000;
    while (
      sample(after, 'switchyard_relay_requests_total', served) -
        sample(before, 'switchyard_relay_requests_total', served) <
        2 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await scrape(h.server);
    }
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(
      delta('switchyard_relay_requests_total', {
        model: 'gpt-4',
        channel,
        dialect: 'openai',
        outcome: 'success',
      }),
    ).toBe(2);
    const labels = { model: 'gpt-4', channel };
    expect(delta('switchyard_relay_tokens_total', { ...labels, kind: 'prompt' })).toBe(24);
    expect(delta('switchyard_relay_tokens_total', { ...labels, kind: 'completion' })).toBe(8);
    expect(delta('switchyard_relay_quota_charged_total', labels)).toBe(charged.quota);
    expect(delta('switchyard_relay_time_to_first_token_seconds_count', labels)).toBe(2);
    expect(
      delta('switchyard_upstream_duration_seconds_count', { channel, model: 'gpt-4' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      delta('switchyard_upstream_errors_total', { channel: String(failing), status: '500' }),
    ).toBe(2);
    expect(delta('switchyard_settlements_written_total', {})).toBe(2);
    expect(delta('switchyard_settlement_flush_duration_seconds_count', {})).toBeGreaterThan(0);
  });
});
