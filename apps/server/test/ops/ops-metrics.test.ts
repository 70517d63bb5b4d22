// GET /metrics: HTTP counters by route pattern, the relay observer's counters and histograms,
// channel and pool gauges read on scrape, process metrics, and METRICS_TOKEN.
import { ChannelStatus } from '@switchyard/contracts';
import { describe, expect, it } from 'vitest';
import { hasMetric, sample, scrape } from '../helpers/metrics';
import { seedChannel } from '../helpers/relay-fixtures';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();

describe('HTTP metrics', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape(server);
    const labels = { method: 'GET', route: '/api/status', status: '200' };
    const client = server.client();
    await client.get('/api/status');
    await client.get('/api/status?x=1');
    await client.get('/api/user/12345');
    await client.get('/no/such/page/at-all.php');
    const after = await scrape(server);
    expect(sample(after, 'switchyard_http_requests_total', labels)).toBe(
      sample(before, 'switchyard_http_requests_total', labels) + 2,
    );
    const histogram = { method: 'GET', route: '/api/status' };
    expect(sample(after, 'switchyard_http_request_duration_seconds_count', histogram)).toBe(
      sample(before, 'switchyard_http_request_duration_seconds_count', histogram) + 2,
    );
    // A signed-out caller of an admin route: counted under its pattern.
    expect(
      sample(after, 'switchyard_http_requests_total', {
        method: 'GET',
        route: '/api/user/:id',
        status: '401',
      }),
    ).toBe(1);
    expect(after).not.toContain('12345');
    expect(after).not.toContain('at-all.php');
    expect(after).toMatch(/switchyard_http_requests_total\{[^}]*route="unmatched"/);
  });

  it('serves the Prometheus text format with process metrics', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(hasMetric(response.body, 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(response.body).toContain('# TYPE switchyard_relay_requests_total counter');
  });
});

describe('gauges read on scrape', () => {
  it('counts channels by status from the database', async () => {
    await seedChannel(server.db, { key: 'g1', models: ['m'] });
    await seedChannel(server.db, { key: 'g2', models: ['m'] });
    await seedChannel(server.db, { key: 'g3', models: ['m'], status: ChannelStatus.autoDisabled });
    await seedChannel(server.db, {
      key: 'g4',
      models: ['m'],
      status: ChannelStatus.manuallyDisabled,
    });
    const text = await scrape(server);
    expect(sample(text, 'switchyard_channels', { status: 'enabled' })).toBe(2);
    expect(sample(text, 'switchyard_channels', { status: 'auto_disabled' })).toBe(1);
    expect(sample(text, 'switchyard_channels', { status: 'manually_disabled' })).toBe(1);
    await server.db.deleteFrom('channels').where('key', '=', 'g1').execute();
    expect(sample(await scrape(server), 'switchyard_channels', { status: 'enabled' })).toBe(1);
  });

  it('reports the settlement queue and, on pooled engines, the database pool', async () => {
    const text = await scrape(server);
    expect(text).toContain('switchyard_settlement_queue_depth 0');
    if (server.runtime.database.engine === 'sqlite') {
      expect(hasMetric(text, 'switchyard_db_pool_connections')).toBe(false);
    } else {
      expect(sample(text, 'switchyard_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(hasMetric(text, 'switchyard_db_pool_connections')).toBe(true);
    }
  });
});

describe('the relay observer', () => {
  it('moves the relay counters and histograms by the amounts it is told', async () => {
    const observer = server.app.ops.relayObserver;
    const before = await scrape(server);
    const key = { model: 'obs-model', channel: '7', dialect: 'anthropic', outcome: 'success' };
    for (const latencyMs of [120, 300]) {
      observer.recordRelayOutcome({
        model: 'obs-model',
        channelId: 7,
        dialect: 'anthropic',
        outcome: 'success',
        latencyMs,
        ttftMs: 40,
        upstreamMs: 100,
        promptTokens: 11,
        completionTokens: 5,
        cachedTokens: 3,
        quota: 250,
      });
    }
    observer.recordUpstreamError(7, 429);
    observer.recordAutoDisable(7);
    observer.recordSettlementFlush(4, 2);
    const after = await scrape(server);
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('switchyard_relay_requests_total', key)).toBe(2);
    const tokens = { model: 'obs-model', channel: '7' };
    expect(delta('switchyard_relay_tokens_total', { ...tokens, kind: 'prompt' })).toBe(22);
    expect(delta('switchyard_relay_tokens_total', { ...tokens, kind: 'completion' })).toBe(10);
    expect(delta('switchyard_relay_tokens_total', { ...tokens, kind: 'cached' })).toBe(6);
    expect(delta('switchyard_relay_quota_charged_total', tokens)).toBe(500);
    const duration = { model: 'obs-model', dialect: 'anthropic', outcome: 'success' };
    expect(delta('switchyard_relay_request_duration_seconds_count', duration)).toBe(2);
    expect(delta('switchyard_relay_request_duration_seconds_sum', duration)).toBeCloseTo(0.42);
    // 120 ms falls in the 0.25 s bucket, 300 ms does not.
    expect(
      delta('switchyard_relay_request_duration_seconds_bucket', { ...duration, le: '0.25' }),
    ).toBe(1);
    expect(delta('switchyard_relay_time_to_first_token_seconds_count', tokens)).toBe(2);
    expect(
      delta('switchyard_upstream_duration_seconds_count', { channel: '7', model: 'obs-model' }),
    ).toBe(2);
    expect(delta('switchyard_upstream_errors_total', { channel: '7', status: '429' })).toBe(1);
    expect(delta('switchyard_channel_auto_disables_total', { channel: '7' })).toBe(1);
    expect(delta('switchyard_settlement_flush_duration_seconds_count', {})).toBe(1);
    expect(delta('switchyard_settlements_written_total', {})).toBe(4);
  });
});

describe('METRICS_TOKEN', () => {
  it('requires the bearer token when set', async () => {
    const guarded = await server.context.start({ METRICS_TOKEN: 'scrape-secret-1' });
    const get = (authorization?: string) =>
      guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
    const anonymous = await get();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('switchyard_');
    expect((await get('Bearer wrong-secret-1')).statusCode).toBe(401);
    expect((await get('Bearer scrape-secret-1x')).statusCode).toBe(401);
    const allowed = await get('Bearer scrape-secret-1');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('switchyard_http_requests_total');
  });

  it('is open without it', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
