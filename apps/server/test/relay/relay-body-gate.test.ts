// The relay's gate before the body (issue 27, points 1 and 7): a request without a valid key is
// answered at once in its dialect and its body never read; multipart only on the audio routes;
// JSON bodies bounded by RELAY_BODY_LIMIT and in depth; body bytes in flight capped per process.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { bodyOf, partialUpload } from '../helpers/raw-upload';
import {
  createToken,
  type RelayHarness,
  seedChannel,
  startRelayHarness,
} from '../helpers/relay-fixtures';

let h: RelayHarness;
let port: number;
let authorization: string;

const BODY_LIMIT = 256 * 1024;
const IN_FLIGHT = 600 * 1024;
const MULTIPART = { 'Content-Type': 'multipart/form-data; boundary=b' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

beforeAll(async () => {
  h = await startRelayHarness({
    RELAY_BODY_LIMIT: String(BODY_LIMIT),
    RELAY_BODY_BYTES_IN_FLIGHT: String(IN_FLIGHT),
  });
  port = (h.server.app.server.address() as AddressInfo).port;
  await seedChannel(h.db, { key: 'gate-key', baseUrl: h.fake.url, models: ['gpt-4', 'whisper-1'] });
  const user = await createUser(h.db, { quota: 10_000_000 });
  authorization = (await createToken(h.db, user.id)).authorization;
});

afterAll(() => h.close());

const statusOf = (text: string) => Number(text.slice(9, 12));

describe('a request without a valid key', () => {
  const cases: { path: string; headers: Record<string, string>; shape: object }[] = [
    { path: '/v1/chat/completions', headers: {}, shape: { error: { code: 'invalid_api_key' } } },
    {
      path: '/v1/messages',
      headers: { 'x-api-key': 'sk-wrong' },
      shape: { type: 'error', error: { type: 'authentication_error' } },
    },
    {
      path: '/v1beta/models/gemini-pro:generateContent',
      headers: {},
      shape: { error: { code: 401, status: 'UNAUTHENTICATED' } },
    },
  ];
  for (const { path, headers, shape } of cases) {
    it(`${path}: 401 in its dialect before the body, and the connection closed`, async () => {
      const upload = partialUpload(port, {
        path,
        headers: { ...MULTIPART, ...headers },
        announce: 23 * 1024 * 1024,
        send: 64 * 1024,
      });
      const { text, ms } = await upload.answer;
      expect(statusOf(text)).toBe(401);
      expect(text.toLowerCase()).toContain('connection: close');
      expect(bodyOf(text)).toMatchObject(shape);
      expect(ms).toBeLessThan(2000);
      await upload.closed;
    });
  }
});

it('the drawing and music relays check the key before the body too (not the proxy callback)', async () => {
  for (const path of ['/mj/submit/imagine', '/suno/submit/music']) {
    const upload = partialUpload(port, {
      path,
      headers: JSON_TYPE,
      announce: 800 * 1024,
      send: 1024,
    });
    const { text } = await upload.answer;
    expect(statusOf(text)).toBe(401);
    expect(bodyOf(text)).toMatchObject({ code: 'invalid_api_key' });
  }
  // The callback carries no key: it is not refused for that (off by default: 404).
  const notify = await fetch(`${h.url}/mj/notify`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ id: 'x' }),
  });
  expect(notify.status).toBe(404);
});

it('a keyless fetch of a large body gets the 401, not a reset connection', async () => {
  const response = await fetch(`${h.url}/v1/chat/completions`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({
      model: 'gpt-4',
      messages: [{ role: 'user', content: 'x'.repeat(20 * 1024 * 1024) }],
    }),
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
});

describe('body types and sizes with a valid key', () => {
  it('refuses multipart on a JSON route unread (415), and keeps it on the audio routes', async () => {
    const upload = partialUpload(port, {
      path: '/v1/chat/completions',
      headers: { ...MULTIPART, Authorization: authorization },
      announce: 5 * 1024 * 1024,
      send: 1024,
    });
    const { text } = await upload.answer;
    expect(statusOf(text)).toBe(415);
    expect(bodyOf(text)).toMatchObject({ error: { code: 'unsupported_media_type' } });

    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.alloc(BODY_LIMIT * 2, 1)], { type: 'audio/wav' }),
      'a.wav',
    );
    form.append('model', 'whisper-1');
    const audio = await fetch(`${h.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(audio.status).toBe(200);
  });

  it('answers a JSON body above RELAY_BODY_LIMIT with 413 in the dialect, one below it passes', async () => {
    const big = 'x'.repeat(BODY_LIMIT);
    const over = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': authorization.slice(7), ...JSON_TYPE },
      body: JSON.stringify({
        model: 'gpt-4',
        max_tokens: 5,
        messages: [{ role: 'user', content: big }],
      }),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({
      type: 'error',
      error: { type: 'request_too_large' },
    });
    const under = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization, ...JSON_TYPE },
      body: JSON.stringify({
        model: 'gpt-4',
        messages: [{ role: 'user', content: big.slice(0, 100_000) }],
      }),
    });
    expect(under.status).toBe(200);
  });

  it('answers 100,000 levels of JSON nesting with a 400 in the dialect, not a 500', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const chat = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization, ...JSON_TYPE },
      body: `{"model":"gpt-4","messages":${deep}}`,
    });
    expect(chat.status).toBe(400);
    expect(await chat.json()).toMatchObject({ error: { code: 'json_too_deep' } });
    const gemini = await fetch(`${h.url}/v1beta/models/gpt-4:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': authorization.slice(7), ...JSON_TYPE },
      body: `{"contents":${deep}}`,
    });
    expect(gemini.status).toBe(400);
    expect(await gemini.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    // Nesting a real request uses is untouched.
    const nested = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization, ...JSON_TYPE },
      body: JSON.stringify({
        model: 'gpt-4',
        messages: [{ role: 'user', content: 'hi' }],
        metadata: { a: { b: { c: [[[1]]] } } },
      }),
    });
    expect(nested.status).toBe(200);
  });

  it('refuses a body beyond the bytes in flight with 503 and Retry-After, before reading it', async () => {
    const holding = partialUpload(port, {
      path: '/v1/chat/completions',
      headers: { ...JSON_TYPE, Authorization: authorization },
      announce: BODY_LIMIT,
      send: 1024,
    });
    const second = partialUpload(port, {
      path: '/v1/chat/completions',
      headers: { ...JSON_TYPE, Authorization: authorization },
      announce: BODY_LIMIT,
      send: 1024,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = partialUpload(port, {
      path: '/v1/messages',
      headers: { ...JSON_TYPE, 'x-api-key': authorization.slice(7) },
      announce: BODY_LIMIT,
      send: 1024,
    });
    const { text } = await third.answer;
    expect(statusOf(text)).toBe(503);
    expect(text.toLowerCase()).toContain('retry-after: 1');
    expect(bodyOf(text)).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('retry') },
    });
    // Once the held bodies are gone, the next request is served.
    holding.socket.destroy();
    second.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization, ...JSON_TYPE },
      body: JSON.stringify({
        model: 'gpt-4',
        messages: [{ role: 'user', content: 'x'.repeat(200_000) }],
      }),
    });
    expect(after.status).toBe(200);
  });

  it('counts a chunked body as it arrives: a small one passes, one past the cap gets 503', async () => {
    const chunked = (text: string) =>
      fetch(`${h.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization, ...JSON_TYPE },
        body: new Blob([text]).stream(),
        duplex: 'half',
      } as RequestInit);
    const small = JSON.stringify({ model: 'gpt-4', messages: [{ role: 'user', content: 'hi' }] });
    expect((await chunked(small)).status).toBe(200);
    // A chunked body once reserved the whole RELAY_BODY_LIMIT: three at once passed the cap.
    const three = await Promise.all([chunked(small), chunked(small), chunked(small)]);
    expect(three.map((reply) => reply.status)).toEqual([200, 200, 200]);

    const holding = [1, 2].map(() =>
      partialUpload(port, {
        path: '/v1/chat/completions',
        headers: { ...JSON_TYPE, Authorization: authorization },
        announce: BODY_LIMIT,
        send: 1024,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const big = JSON.stringify({
      model: 'gpt-4',
      messages: [{ role: 'user', content: 'x'.repeat(200_000) }],
    });
    const refused = await chunked(big);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    for (const upload of holding) upload.socket.destroy();
  });
});
