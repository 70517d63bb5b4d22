// Issue 27, point 5: an upstream (or a proxy in front of it) that echoes the channel's key in its
// error does not hand the key to the caller, nor to the channel's stored disable reason; each
// part of a composite key counts as the key.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import {
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
let authorization: string;
let splitter: Server;

const PLAIN_KEY = 'sk-live-0123456789abcdefEchoed';
const COMPOSITE_KEY = 'client-id-4242|composite-secret-9876';
const SECRET_PART = 'composite-secret-9876';
const ECHO_KEY = 'sk-echo-whole-reply-424242';
const NATIVE_KEY = 'sk-ant-native-key-5555-abcdef';

const sse = (event: string, data: Record<string, unknown>) =>
  `event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`;

/**
 * An Anthropic upstream whose stream says the key in a text delta, the key cut in two between
 * two writes 50 ms apart (so the gateway sees two chunks).
 */
async function startSplittingUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    const text = `your key is ${NATIVE_KEY}, keep it safe`;
    const frames =
      sse('message_start', {
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-split',
          content: [],
          usage: { input_tokens: 3, output_tokens: 0 },
        },
      }) +
      sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }) +
      sse('content_block_stop', { index: 0 }) +
      sse('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } }) +
      sse('message_stop', {});
    const cut = frames.indexOf(NATIVE_KEY) + 10;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(frames.slice(0, cut));
    setTimeout(() => response.end(frames.slice(cut)), 50);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

beforeAll(async () => {
  h = await startRelayHarness();
  await h.server.runtime.options.set('AutomaticDisableChannelEnabled', 'true');
  await seedChannel(h.db, { key: PLAIN_KEY, baseUrl: h.fake.url, models: ['echo-plain'] });
  await seedChannel(h.db, { key: COMPOSITE_KEY, baseUrl: h.fake.url, models: ['echo-part'] });
  splitter = await startSplittingUpstream();
  await seedChannel(h.db, {
    type: 14,
    key: NATIVE_KEY,
    baseUrl: `http://127.0.0.1:${(splitter.address() as AddressInfo).port}`,
    models: ['claude-split'],
  });
  await seedChannel(h.db, { key: ECHO_KEY, baseUrl: h.fake.url, models: ['echo-reply'] });
  h.fake.behave(ECHO_KEY, { text: `The key you sent is ${ECHO_KEY} indeed` });
  h.fake.behave(PLAIN_KEY, {
    status: 401,
    error: { message: `Incorrect API key provided: ${PLAIN_KEY}.`, code: PLAIN_KEY },
  });
  h.fake.behave(COMPOSITE_KEY, {
    status: 502,
    error: { message: `proxy could not sign with secret ${SECRET_PART}`, type: 'proxy_error' },
  });
  const user = await createUser(h.db, { quota: 10_000_000 });
  authorization = (await createToken(h.db, user.id)).authorization;
});

afterAll(async () => {
  splitter.close();
  await h.close();
});

async function ask(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('an upstream that echoes the channel key', () => {
  it('is answered to an OpenAI caller with the key redacted, and the stored reason has none', async () => {
    const reply = await ask(
      '/v1/chat/completions',
      { model: 'echo-plain', messages: [{ role: 'user', content: 'hi' }] },
      { authorization },
    );
    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain(PLAIN_KEY);
    expect(reply.text).toContain('Incorrect API key provided: [redacted]');
    // The 401 disabled the channel; its reason is stored without the key.
    const row = await h.db
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('key', '=', PLAIN_KEY)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(String(row.other_info)).toContain('[redacted]');
    expect(String(row.other_info)).not.toContain(PLAIN_KEY);
  });

  it('redacts each part of a composite key, in the caller’s dialect (Anthropic, streamed)', async () => {
    const reply = await ask(
      '/v1/messages',
      {
        model: 'echo-part',
        max_tokens: 10,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      },
      { 'x-api-key': authorization.slice(7), 'anthropic-version': '2023-06-01' },
    );
    expect(reply.status).toBe(502);
    expect(reply.text).toContain('proxy could not sign with secret [redacted]');
    expect(reply.text).not.toContain(SECRET_PART);
  });

  it('redacts a key the upstream cut in two inside a stream passed through as received', async () => {
    const reply = await ask(
      '/v1/messages',
      {
        model: 'claude-split',
        max_tokens: 10,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      },
      { 'x-api-key': authorization.slice(7), 'anthropic-version': '2023-06-01' },
    );
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('your key is [redacted], keep it safe');
    expect(reply.text).not.toContain(NATIVE_KEY.slice(0, 12));
    expect(reply.text).toContain('event: message_stop');
  });

  it('redacts the key from a whole reply that repeats it', async () => {
    const reply = await ask(
      '/v1/chat/completions',
      { model: 'echo-reply', messages: [{ role: 'user', content: 'hi' }] },
      { authorization },
    );
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('The key you sent is [redacted] indeed');
    expect(reply.text).not.toContain(ECHO_KEY);
  });
});
