// Provider adapters against recorded wire fixtures (request conversion, replies, stream events)
// and end to end through the relay against the fake Anthropic, Gemini and Azure upstreams.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicAdapter, toAnthropicBody } from '../../src/relay/adapters/anthropic';
import { GeminiAdapter, toGeminiBody } from '../../src/relay/adapters/gemini';
import { OllamaAdapter } from '../../src/relay/adapters/ollama';
import { OpenAiAdapter } from '../../src/relay/adapters/openai';
import type { AdapterContext, ProviderAdapter } from '../../src/relay/adapters/types';
import type { ChatRequest } from '../../src/relay/canonical/types';
import { multipartField, withMultipartModel } from '../../src/relay/pipeline/relay-request';
import type { ChannelRow } from '../../src/relay/relay.repository';
import { NdjsonReader, SseReader } from '../../src/relay/transport/sse';
import { createUser } from '../helpers/factories';
import {
  channelRowOf,
  createToken,
  postChat,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  waitForLogs,
} from '../helpers/relay-fixtures';

const fixture = (path: string) =>
  readFileSync(new URL(`../fakes/fixtures/${path}`, import.meta.url), 'utf8');

const channel = (type: number): ChannelRow => channelRowOf({ type });

/** A chat context; a body without messages (a reply or stream test) gets an empty list. */
function context(
  type: number,
  body: Omit<ChatRequest, 'messages'> & Partial<ChatRequest>,
  stream = false,
): AdapterContext {
  return {
    mode: 'chat',
    channel: channel(type),
    model: body.model,
    body: { messages: [], ...body },
    stream,
    includeUsage: false,
  };
}

/** Runs a recorded SSE body through an adapter's translator, split at awkward places. */
function translate(adapter: ProviderAdapter, ctx: AdapterContext, sse: string) {
  const translator = adapter.stream(ctx);
  const reader = new SseReader();
  const out: string[] = [];
  for (let i = 0; i < sse.length; i += 37) {
    for (const event of reader.push(sse.slice(i, i + 37))) out.push(...translator.push(event));
  }
  for (const event of reader.flush()) out.push(...translator.push(event));
  const chunks = out.map((data) => JSON.parse(data));
  return { translator, chunks };
}

describe('Anthropic adapter (recorded fixtures)', () => {
  const adapter: ProviderAdapter = new AnthropicAdapter();
  const recorded = JSON.parse(fixture('anthropic/request.json'));

  it('turns an OpenAI chat request into a Messages API request', () => {
    expect(toAnthropicBody(context(14, recorded.openai))).toEqual(recorded.anthropic);
    const request = adapter.request(context(14, recorded.openai));
    expect(request.url.pathname).toBe('/v1/messages');
    expect(request.headers).toMatchObject({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' });
  });

  it('turns a message into a chat completion with usage', () => {
    const ctx = context(14, { model: 'claude-3-5-sonnet-20240620' });
    const reply = adapter.reply(
      ctx,
      Buffer.from(fixture('anthropic/messages.json')),
      'application/json',
    );
    expect(reply.usage).toEqual({ promptTokens: 12, completionTokens: 10 });
    const body = JSON.parse(String(reply.body));
    expect(body).toMatchObject({
      object: 'chat.completion',
      choices: [
        {
          message: { role: 'assistant', content: 'Hello! How can I help you today?' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 10, total_tokens: 22 },
    });
  });

  it('turns streaming events into OpenAI chunks and keeps the usage', () => {
    const ctx = context(14, { model: 'claude-3-5-sonnet-20240620' }, true);
    const { translator, chunks } = translate(
      adapter,
      ctx,
      fixture('anthropic/messages-stream.sse'),
    );
    expect(chunks.map((chunk) => chunk.choices[0].delta.content ?? '').join('')).toBe('Hello!');
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(translator.usage).toEqual({ promptTokens: 25, completionTokens: 15 });
    expect(translator.finished).toBe(true);
  });
});

describe('Gemini adapter (recorded fixtures)', () => {
  const adapter: ProviderAdapter = new GeminiAdapter();
  const recorded = JSON.parse(fixture('gemini/request.json'));

  it('turns an OpenAI chat request into generateContent', () => {
    expect(toGeminiBody(context(24, recorded.openai))).toEqual(recorded.gemini);
    const plain = adapter.request(context(24, recorded.openai));
    expect(plain.url.pathname).toBe('/v1beta/models/gemini-1.5-flash:generateContent');
    expect(plain.headers).toMatchObject({ 'x-goog-api-key': 'k' });
    const streamed = adapter.request(context(24, recorded.openai, true));
    expect(`${streamed.url.pathname}${streamed.url.search}`).toBe(
      '/v1beta/models/gemini-1.5-flash:streamGenerateContent?alt=sse',
    );
  });

  it('turns candidates and usageMetadata into a chat completion', () => {
    const ctx = context(24, { model: 'gemini-1.5-flash' });
    const reply = adapter.reply(
      ctx,
      Buffer.from(fixture('gemini/generate.json')),
      'application/json',
    );
    expect(reply.usage).toEqual({ promptTokens: 4, completionTokens: 7 });
    expect(JSON.parse(String(reply.body)).choices[0]).toMatchObject({
      message: { content: 'Hello! How can I help?' },
      finish_reason: 'stop',
    });
  });

  it('turns the SSE stream into chunks with the last usage', () => {
    const ctx = context(24, { model: 'gemini-1.5-flash' }, true);
    const { translator, chunks } = translate(adapter, ctx, fixture('gemini/stream.sse'));
    expect(chunks.map((chunk) => chunk.choices[0].delta.content).join('')).toBe('Hello there!');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(translator.usage).toEqual({ promptTokens: 4, completionTokens: 3 });
  });
});

describe('OpenAI adapter (recorded fixtures)', () => {
  it('passes chunks through, drops the usage chunk the client did not ask for, keeps usage', () => {
    const adapter = new OpenAiAdapter({ streamUsage: true });
    const ctx = context(1, { model: 'gpt-4o-mini' }, true);
    const { translator, chunks } = translate(adapter, ctx, fixture('openai/chat-stream.sse'));
    expect(chunks).toHaveLength(4);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Hi there');
    expect(translator.usage).toEqual({ promptTokens: 9, completionTokens: 2 });
    expect(translator.finished).toBe(true);
    const withUsage = translate(
      adapter,
      { ...ctx, includeUsage: true },
      fixture('openai/chat-stream.sse'),
    );
    expect(withUsage.chunks.at(-1).usage.total_tokens).toBe(11);
  });

  it('asks for stream usage on OpenAI, and strips stream_options elsewhere', () => {
    const body = {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [],
    };
    const openai = new OpenAiAdapter({ streamUsage: true }).request(context(1, body, true));
    expect(JSON.parse(String(openai.body)).stream_options).toEqual({ include_usage: true });
    const compatible = new OpenAiAdapter({ streamUsage: false }).request(context(8, body, true));
    expect(JSON.parse(String(compatible.body))).not.toHaveProperty('stream_options');
  });
});

describe('Ollama native adapter (recorded fixture)', () => {
  it('turns the newline-delimited stream into chunks with usage from the counts', () => {
    const adapter = new OllamaAdapter();
    const ctx = context(4, { model: 'llama3' }, true);
    const translator = adapter.stream(ctx);
    const reader = new NdjsonReader();
    const ndjson = fixture('ollama/chat-stream.ndjson');
    const out: string[] = [];
    for (let i = 0; i < ndjson.length; i += 29) {
      for (const event of reader.push(ndjson.slice(i, i + 29))) out.push(...translator.push(event));
    }
    for (const event of reader.flush()) out.push(...translator.push(event));
    const chunks = out.map((data) => JSON.parse(data));
    expect(chunks.map((chunk) => chunk.choices[0].delta.content).join('')).toBe('The sky is blue.');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(translator.usage).toEqual({ promptTokens: 26, completionTokens: 4 });
    const request = adapter.request(context(4, { model: 'llama3', max_tokens: 9, messages: [] }));
    expect(request.url.pathname).toBe('/api/chat');
    expect(JSON.parse(String(request.body))).toMatchObject({
      options: { num_predict: 9 },
      stream: false,
    });
  });
});

describe('multipart audio uploads', () => {
  it('reads and maps the model field without touching the file bytes', () => {
    const file = Buffer.from([0xff, 0x00, 0x0d, 0x0a, 0x80, 0x41]);
    const form = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n'),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n'),
      Buffer.from('Content-Type: audio/mpeg\r\n\r\n'),
      file,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    expect(multipartField(form, 'model')).toBe('whisper-1');
    const mapped = withMultipartModel(form, 'whisper-large-v3');
    expect(multipartField(mapped, 'model')).toBe('whisper-large-v3');
    expect(mapped.includes(file)).toBe(true);
    expect(mapped.length).toBe(form.length + 'whisper-large-v3'.length - 'whisper-1'.length);
  });
});

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, {
    type: 14,
    key: 'anthropic-key',
    baseUrl: h.fake.url,
    models: ['claude-3-haiku-20240307'],
  });
  await seedChannel(h.db, {
    type: 24,
    key: 'gemini-key',
    baseUrl: h.fake.url,
    models: ['gemini-pro'],
  });
  await seedChannel(h.db, {
    type: 4,
    key: 'ollama-key',
    baseUrl: h.fake.url,
    models: ['llama3', 'nomic-embed-text'],
  });
  await seedChannel(h.db, {
    type: 3,
    key: 'azure-key',
    baseUrl: h.fake.url,
    models: ['gpt-3.5-turbo'],
    other: '2024-02-01',
  });
});

afterAll(() => h.close());

async function relay(model: string, stream: boolean) {
  const user = await createUser(h.db, { quota: 10_000_000 });
  const token = await createToken(h.db, user.id);
  const response = await postChat(h, token.authorization, { model, stream });
  const text = await response.text();
  const [log] = await waitForLogs(h.db, user.id);
  return { status: response.status, text, log, upstream: h.fake.requests.at(-1) };
}

const streamedText = (sse: string) =>
  sse
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice(6)).choices[0]?.delta?.content ?? '')
    .join('');

describe('through the relay', () => {
  it('Anthropic: non-stream and stream, billed from the upstream usage', async () => {
    const plain = await relay('claude-3-haiku-20240307', false);
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.text).choices[0].message.content).toBe('Hello from the fake upstream');
    expect(plain.upstream).toMatchObject({ path: '/v1/messages', key: 'anthropic-key' });
    expect(plain.log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    const streamed = await relay('claude-3-haiku-20240307', true);
    expect(streamedText(streamed.text)).toBe('Hello from the fake upstream');
    expect(streamed.text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(streamed.log).toMatchObject({ is_stream: 1, prompt_tokens: 10, completion_tokens: 5 });
  });

  it('Gemini: non-stream and stream', async () => {
    const plain = await relay('gemini-pro', false);
    expect(JSON.parse(plain.text).choices[0].message.content).toBe('Hello from the fake upstream');
    expect(plain.upstream?.path).toBe('/v1beta/models/gemini-pro:generateContent');
    expect(plain.log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    const streamed = await relay('gemini-pro', true);
    expect(streamed.upstream?.path).toBe('/v1beta/models/gemini-pro:streamGenerateContent');
    expect(streamedText(streamed.text)).toBe('Hello from the fake upstream');
    expect(streamed.log).toMatchObject({ is_stream: 1, completion_tokens: 5 });
  });

  it('Ollama: native chat (JSON and NDJSON stream) and embeddings', async () => {
    const plain = await relay('llama3', false);
    expect(plain.upstream?.path).toBe('/api/chat');
    expect(JSON.parse(plain.text).choices[0].message.content).toBe('Hello from the fake upstream');
    expect(plain.log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    const streamed = await relay('llama3', true);
    expect(streamedText(streamed.text)).toBe('Hello from the fake upstream');
    expect(streamed.text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(streamed.log).toMatchObject({ is_stream: 1, prompt_tokens: 10, completion_tokens: 5 });

    const user = await createUser(h.db, { quota: 10_000_000 });
    const token = await createToken(h.db, user.id);
    const response = await fetch(`${h.url}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token.authorization },
      body: JSON.stringify({ model: 'nomic-embed-text', input: 'hello' }),
    });
    const body = (await response.json()) as { data: { embedding: number[] }[] };
    expect(body.data[0]?.embedding).toEqual([0.1, 0.2, 0.3]);
    expect(h.fake.requests.at(-1)?.path).toBe('/api/embed');
  });

  it('Azure: deployment URL, api-version from the channel, api-key header', async () => {
    const plain = await relay('gpt-3.5-turbo', false);
    expect(plain.status).toBe(200);
    expect(plain.upstream?.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
    expect(plain.upstream?.search).toBe('?api-version=2024-02-01');
    expect(plain.upstream?.headers['api-key']).toBe('azure-key');
    const streamed = await relay('gpt-3.5-turbo', true);
    expect(streamedText(streamed.text)).toBe('Hello from the fake upstream');
    // Azure gets no stream_options; the gateway counted the reply itself.
    expect(streamed.upstream?.body).not.toHaveProperty('stream_options');
    expect(JSON.parse(streamed.log?.other ?? '{}').usage_counted).toBe(true);
  });
});
