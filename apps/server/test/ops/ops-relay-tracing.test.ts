// End to end: a chat through the relay is exported over OTLP/HTTP as one server span with the
// GenAI attributes and child spans for the upstream call and the settlement.
// Needs the relay's calls into app.ops.relayObserver (see src/ops/relay-observer.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { startOtlpReceiver } from '../helpers/otlp-receiver';
import {
  consumeTotal,
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let h: RelayHarness;
let channelId: number;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  h = await startRelayHarness({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  channelId = await seedChannel(h.db, { key: 'span-key', baseUrl: h.fake.url, models: ['gpt-4'] });
  h.fake.behave('span-key', { text: 'a b c', promptTokens: 21 });
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

describe('relay traces', () => {
  it('exports the chat span with GenAI attributes and its upstream and settlement spans', async () => {
    const user = await createUser(h.db, { quota: 10_000_000 });
    const token = await createToken(h.db, user.id);
    const chat = await postChat(h, token.authorization, { model: 'gpt-4' });
    expect(chat.status).toBe(200);
    await chat.json();
    await waitForLogs(h.db, user.id, 1);
    const { quota } = await consumeTotal(h.db, user.id);
    await h.server.app.close();

    const span = receiver.spans.find((s) => s.name === 'POST /v1/chat/completions');
    expect(span?.attributes).toMatchObject({
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4',
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 3,
      'switchyard.channel.id': channelId,
      'switchyard.quota': quota,
    });
    const children = receiver.spans.filter((s) => s.parentSpanId === span?.spanId);
    expect(children.map((s) => s.name).sort()).toEqual(['chat gpt-4', 'settle']);
    for (const child of children) expect(child.traceId).toBe(span?.traceId);
  });
});
