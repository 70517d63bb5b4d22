// Streams and clients: the official openai client and a plain curl-style request work unchanged;
// a client that leaves aborts the upstream; a cut stream is billed for what was delivered.
import { request as httpRequest } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLogContent } from '../../src/i18n/log-content';
import { createUser } from '../helpers/factories';
import {
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  userBalance,
  waitForLogs,
} from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, {
    key: 'stream-key',
    baseUrl: h.fake.url,
    models: ['gpt-4', 'text-embedding-3-small'],
  });
  await seedChannel(h.db, {
    key: 'plain-key',
    type: 8,
    baseUrl: h.fake.url,
    models: ['custom-model'],
  });
  await seedChannel(h.db, { key: 'slow-key', baseUrl: h.fake.url, models: ['slow-model'] });
  await seedChannel(h.db, { key: 'cut-key', baseUrl: h.fake.url, models: ['cut-model'] });
});

afterAll(() => h.close());

async function caller() {
  const user = await createUser(h.db, { quota: 10_000_000 });
  const token = await createToken(h.db, user.id);
  const client = new OpenAI({ apiKey: `sk-${token.key}`, baseURL: `${h.url}/v1`, maxRetries: 0 });
  return { user, token, client };
}

describe('the official openai client', () => {
  it('gets a non-stream chat completion with usage', async () => {
    const { client } = await caller();
    const completion = await client.chat.completions.create({
      model: 'gpt-4',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from the fake upstream');
    expect(completion.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
  });

  it('streams with include_usage and receives the usage chunk last', async () => {
    const { client, user } = await caller();
    const stream = await client.chat.completions.create({
      model: 'gpt-4',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from the fake upstream');
    expect(usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    const [log] = await waitForLogs(h.db, user.id);
    expect(log).toMatchObject({ is_stream: 1, quota: 300 });
  });

  it('gets a usage chunk it asked for even when the upstream sends none', async () => {
    h.fake.behave('plain-key', { noUsage: true });
    const { client } = await caller();
    const stream = await client.chat.completions.create({
      model: 'custom-model',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    // An OpenAI-compatible (custom) channel is not sent stream_options: the gateway counts.
    expect(h.fake.requests.at(-1)?.body).not.toHaveProperty('stream_options');
    expect(usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 5 });
  });

  it('creates embeddings', async () => {
    const { client } = await caller();
    const result = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'hello',
    });
    expect(result.data[0]?.embedding.map((x) => Number(x.toFixed(3)))).toEqual([0.1, 0.2, 0.3]);
  });

  it('lists models', async () => {
    const { client } = await caller();
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4', 'custom-model']));
  });

  it('surfaces a refusal as an APIError with the OpenAI error body', async () => {
    const { client } = await caller();
    const failure = await client.chat.completions
      .create({ model: 'unknown-model', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    // An unknown model is a 404 (model_not_found), which the SDK does not retry.
    expect((failure as InstanceType<typeof OpenAI.APIError>).status).toBe(404);
    expect((failure as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');
  });
});

describe('curl-style requests', () => {
  it('answers a raw HTTP/1.1 request with a JSON body', async () => {
    const { token } = await caller();
    const body = JSON.stringify({ model: 'gpt-4', messages: [{ role: 'user', content: 'hi' }] });
    const { status, text } = await new Promise<{ status: number; text: string }>(
      (resolve, reject) => {
        const url = new URL('/v1/chat/completions', h.url);
        const outgoing = httpRequest(
          url,
          {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer sk-${token.key}`,
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let data = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => {
              data += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text: data }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      },
    );
    expect(status).toBe(200);
    expect(JSON.parse(text).object).toBe('chat.completion');
  });
});

describe('streams cut short', () => {
  it('aborts the upstream when the client goes away and bills what was delivered', async () => {
    h.fake.behave('slow-key', {
      chunkDelayMs: 200,
      text: 'one two three four five six seven eight nine ten',
    });
    const { user, token } = await caller();
    const controller = new AbortController();
    const response = await postChat(
      h,
      token.authorization,
      { model: 'slow-model', stream: true },
      controller.signal,
    );
    const reader = response.body?.getReader();
    let received = '';
    while (!received.includes('two')) {
      const { value } = (await reader?.read()) ?? {};
      received += new TextDecoder().decode(value);
    }
    const abortedBefore = h.fake.abortedCount();
    controller.abort();
    const [log] = await waitForLogs(h.db, user.id);
    const deadline = Date.now() + 5000;
    while (h.fake.abortedCount() === abortedBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(h.fake.abortedCount()).toBe(abortedBefore + 1);
    const other = JSON.parse(log?.other ?? '{}');
    expect(other.stream_cut).toBe('client');
    // The log holds a template; read in zh it says the stream was cut.
    expect(renderLogContent(log?.content ?? '', 'zh')).toContain('流被中断');
    // Billed for the prompt and the few words delivered, not for all ten.
    expect(log?.completion_tokens).toBeGreaterThan(0);
    expect(log?.completion_tokens).toBeLessThan(8);
    expect((await userBalance(h.db, user.id)).used_quota).toBe(log?.quota);
  });

  it('ends a stream the upstream broke off with an error chunk, no [DONE], billed for what was delivered', async () => {
    h.fake.behave('cut-key', { cutAfter: 3, text: 'a b c d e f g h' });
    const { user, token } = await caller();
    const response = await postChat(h, token.authorization, { model: 'cut-model', stream: true });
    const text = await response.text();
    expect(text).toContain('"a "');
    expect(text).not.toContain('[DONE]');
    // The last frame is OpenAI's mid-stream error chunk, which the SDKs raise.
    const last = text.trim().split('\n\n').at(-1) ?? '';
    expect(JSON.parse(last.slice('data: '.length))).toMatchObject({
      error: { type: 'upstream_error', code: 'stream_cut' },
    });
    const [log] = await waitForLogs(h.db, user.id);
    expect(JSON.parse(log?.other ?? '{}')).toMatchObject({
      stream_cut: 'upstream',
      stream_cut_reason: expect.any(String),
      usage_counted: true,
    });
    // "a b c " was delivered (3 words; 4 tokens with the trailing space), not all 8 words.
    expect(log?.completion_tokens).toBe(4);
    expect((await userBalance(h.db, user.id)).quota).toBe(10_000_000 - Number(log?.quota));
  });

  it('refunds in full when the upstream is unreachable', async () => {
    await seedChannel(h.db, { key: 'gone', baseUrl: 'http://127.0.0.1:9', models: ['gone-model'] });
    const { user, token } = await caller();
    const response = await postChat(h, token.authorization, { model: 'gone-model' });
    expect(response.status).toBe(502);
    expect(await userBalance(h.db, user.id)).toMatchObject({ quota: 10_000_000, used_quota: 0 });
  });
});
