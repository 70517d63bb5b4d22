// The public status page (issue 17): relay outcomes recorded per model and minute, read back per
// window; guests never see channels, admins get per-channel rows; StatusPageEnabled turns it off.
import { Role, type StatusModelsReply } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/audience';
import type { TestClient } from '../../helpers/client';
import { createUser } from '../../helpers/factories';
import { seedChannel, setOption } from '../../helpers/relay-fixtures';
import { useTestServer } from '../../helpers/test-server';

let admin: TestClient;
let alpha: number;
let beta: number;
/** 2026-11-23 10:30:20 UTC, moved by the tests. */
const clock = { ms: Date.UTC(2026, 10, 23, 10, 30, 20) };

const server = useTestServer({
  clock: { now: () => Math.floor(clock.ms / 1000), nowMs: () => clock.ms },
});

beforeAll(async () => {
  admin = await signIn(server, await createUser(server.db, { role: Role.admin }));
  alpha = await seedChannel(server.db, { key: 'k1', name: 'alpha-upstream', models: ['gpt-4o'] });
  beta = await seedChannel(server.db, { key: 'k2', name: 'beta-upstream', models: ['gpt-4o'] });
  const record = server.app.outcomes;
  // gpt-4o: 8 successes (latency 300–1000 ms, streams with TTFT 120 ms), 2 failures on beta.
  for (let i = 0; i < 8; i += 1) {
    record.recordOutcome({
      model: 'gpt-4o',
      channelId: i % 2 ? alpha : beta,
      success: true,
      latencyMs: 300 + i * 100,
      ttftMs: 120,
    });
  }
  record.recordOutcome({ model: 'gpt-4o', channelId: beta, success: false, latencyMs: 50 });
  // One failure 20 minutes earlier, in another 1h bucket.
  record.recordOutcome({
    model: 'gpt-4o',
    channelId: beta,
    success: false,
    latencyMs: 30000,
    atMs: clock.ms - 20 * 60_000,
  });
  record.recordOutcome({
    model: 'claude-3-haiku',
    channelId: alpha,
    success: true,
    latencyMs: 2000,
  });
  await record.flush();
});

const guest = () => server.client();
const models = async (client: TestClient, window = '1h') =>
  (await client.get<StatusModelsReply>(`/api/status/models?window=${window}`)).json;

describe('GET /api/status/models', () => {
  it('gives guests per-model requests, success rate, medians and buckets, and no channels', async () => {
    const reply = await guest().get('/api/status/models?window=1h');
    expect(reply.text).not.toContain('alpha-upstream');
    expect(reply.text).not.toContain('channel');
    const data = reply.json.data as StatusModelsReply;
    expect(data.interval_seconds).toBe(60);
    expect(data.models.map((m) => m.model_name)).toEqual(['claude-3-haiku', 'gpt-4o']);
    const gpt = data.models[1];
    expect(gpt).toMatchObject({ requests: 10, success_rate: 0.8 });
    // Every TTFT was 120 ms: the median is read from its bin, 100–250 ms.
    expect(gpt?.ttft_p50_ms).toBeGreaterThanOrEqual(100);
    expect(gpt?.ttft_p50_ms).toBeLessThan(250);
    // Successes at 300…1000 ms: the median lies in the 500–750 bin.
    expect(gpt?.p50_ms).toBeGreaterThanOrEqual(500);
    expect(gpt?.p50_ms).toBeLessThanOrEqual(750);
    expect(gpt?.buckets).toHaveLength(60);
    const last = gpt?.buckets.at(-1);
    expect(last).toMatchObject({ start: Date.UTC(2026, 10, 23, 10, 30) / 1000, requests: 9 });
    expect(last?.success_rate).toBeCloseTo(8 / 9, 3);
    expect(gpt?.buckets.at(-21)).toMatchObject({ requests: 1, success_rate: 0 });
    expect(gpt?.buckets.at(-2)).toMatchObject({ requests: 0, success_rate: null });
  });

  it('gives admins per-channel rows with names', async () => {
    const data = (await models(admin)).data as StatusModelsReply;
    const gpt = data.models.find((m) => m.model_name === 'gpt-4o');
    expect(gpt?.channels?.map((c) => [c.channel_name, c.requests, c.success_rate])).toEqual([
      ['alpha-upstream', 4, 1],
      ['beta-upstream', 6, 0.6667],
    ]);
  });

  it('shapes every window and refuses an unknown one', async () => {
    const day = (await models(guest(), '24h')).data as StatusModelsReply;
    expect(day.interval_seconds).toBe(900);
    expect(day.models[1]?.buckets).toHaveLength(96);
    expect(day.models[1]?.requests).toBe(10);
    const week = (await models(guest(), '7d')).data as StatusModelsReply;
    expect(week.models[1]?.buckets).toHaveLength(84);
    const bad = await guest().get('/api/status/models?window=1y');
    expect(bad.status).toBe(400);
  });

  it('adds up outcomes from several flushes, served from a short cache', async () => {
    server.app.outcomes.recordOutcome({
      model: 'gpt-4o',
      channelId: alpha,
      success: true,
      latencyMs: 400,
    });
    await server.app.outcomes.flush();
    expect(((await models(guest())).data as StatusModelsReply).models[1]?.requests).toBe(10);
    clock.ms += 16_000;
    expect(((await models(guest())).data as StatusModelsReply).models[1]?.requests).toBe(11);
  });

  it('is off for everyone but admins when StatusPageEnabled is false', async () => {
    await setOption(server.db, 'StatusPageEnabled', 'false');
    await server.runtime.options.load();
    const refused = await models(guest());
    expect(refused).toMatchObject({ success: false, message: 'The status page is turned off' });
    expect((await models(admin)).success).toBe(true);
    const status = (await guest().get<{ status_page_enabled: boolean }>('/api/status')).json.data;
    expect(status?.status_page_enabled).toBe(false);
    await setOption(server.db, 'StatusPageEnabled', 'true');
    await server.runtime.options.load();
  });
});
