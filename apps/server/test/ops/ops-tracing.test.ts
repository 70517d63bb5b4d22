// OTEL_EXPORTER_OTLP_ENDPOINT set: a receiver on 127.0.0.1 gets one span per /api and relay
// request, with the relay observer's child spans and GenAI attributes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestSpan } from '../../src/ops/relay-observer';
import { createUser } from '../helpers/factories';
import { startOtlpReceiver } from '../helpers/otlp-receiver';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from '../helpers/relay-fixtures';

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let h: RelayHarness;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  h = await startRelayHarness({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  await seedChannel(h.db, { key: 'trace-key', baseUrl: h.fake.url, models: ['gpt-4'] });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

describe('traces over OTLP/HTTP', () => {
  it('exports a span per /api and relay request and the observer child spans', async () => {
    const user = await createUser(h.db, { quota: 10_000_000 });
    const token = await createToken(h.db, user.id);
    const chat = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(chat.status).toBe(200);
    await chat.json();
    expect((await fetch(`${h.url}/api/status`)).status).toBe(200);
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);

    // What the relay does around its upstream call and settlement, through the observer.
    const { ops } = h.server.app;
    const request = {};
    const parent = ops.tracer.startSpan('POST /v1/messages', { kind: 'server' });
    setRequestSpan(request, parent);
    ops.relayObserver
      .startUpstreamSpan(request, { channelId: 3, model: 'claude-x', provider: 'anthropic' })
      .end();
    ops.relayObserver.startSettlementSpan(request).end();
    ops.relayObserver.recordRelayOutcome(
      {
        model: 'claude-x',
        channelId: 3,
        dialect: 'anthropic',
        outcome: 'success',
        latencyMs: 50,
        promptTokens: 12,
        completionTokens: 7,
        cachedTokens: 4,
        quota: 90,
        provider: 'anthropic',
      },
      request,
    );
    parent.end();

    // Closing the app exports what the batch processor holds.
    await h.server.app.close();
    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    const byName = (name: string) => receiver.spans.filter((span) => span.name === name);

    const [relaySpan] = byName('POST /v1/chat/completions');
    expect(relaySpan?.serviceName).toBe('switchyard');
    expect(relaySpan?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
    });
    expect(byName('GET /api/status')[0]?.attributes['http.response.status_code']).toBe(200);
    expect(byName('GET /healthz')).toHaveLength(0);

    const [messages] = byName('POST /v1/messages');
    expect(messages?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'claude-x',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 7,
      'gen_ai.usage.cache_read.input_tokens': 4,
    });
    const children = receiver.spans.filter((span) => span.parentSpanId === messages?.spanId);
    expect(children.map((span) => span.name).sort()).toEqual(['chat claude-x', 'settle']);
    for (const child of children) expect(child.traceId).toBe(messages?.traceId);
    const upstream = children.find((span) => span.name === 'chat claude-x');
    expect(upstream?.attributes).toMatchObject({
      'gen_ai.request.model': 'claude-x',
      'switchyard.channel.id': 3,
    });
  });
});
