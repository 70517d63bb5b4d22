// Issue 12: a browser app on another origin streams from the gateway with an API key, the way the
// OpenAI and Anthropic browser SDKs do. A page served from another loopback port (another origin)
// calls /v1/chat/completions, /v1/messages and /v1/responses with `stream: true` and the SDKs'
// headers, reads each SSE body with a reader, and must get the whole text and the stream's end;
// each call needs a CORS preflight, which Chromium must see answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { apiSession, createApiToken, createChannel, editUser } from '../support/admin-api';
import { registerUser, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

const MODEL = 'gpt-4o-mini';
const PASSWORD = 'cors-pass-1';
const TEXT = 'Streamed across origins to the browser';

let admin: APIRequestContext;
let fake: FakeUpstream;
let appServer: http.Server;
let appOrigin = '';
let authorization = '';
let removeChannel: () => Promise<void> = async () => {};

test.beforeAll(async () => {
  admin = await apiSession();
  fake = await startFakeUpstream();
  const username = uniqueName('cors');
  await registerUser(admin, username, PASSWORD);
  const group = `g${username}`;
  await editUser(admin, username, { quota: 50_000_000, group });
  const owner = await apiSession(username, PASSWORD);
  authorization = await createApiToken(owner, `${username}-key`);
  await owner.dispose();
  const key = `sk-${username}`;
  fake.behave(key, { text: TEXT });
  // An OpenAI-compatible channel (custom, type 8): the gateway translates Messages and Responses
  // requests to chat completions for it, so one fake upstream serves all three dialects.
  const channel = await createChannel(admin, {
    key,
    type: 8,
    baseUrl: fake.url,
    models: [MODEL],
    groups: [group],
  });
  removeChannel = channel.remove;
  // The browser app: an empty page of its own origin; the calls run in it.
  appServer = http.createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><head><title>browser app</title></head><body></body></html>');
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await removeChannel();
  await admin.dispose();
  await fake.close();
  await new Promise((resolve) => appServer.close(resolve));
});

interface PreflightSeen {
  url: string;
  requestHeaders: string;
  status?: number;
  allowHeaders?: string;
}

/** Watches the preflights Chromium sends (DevTools reports them as their own requests). */
async function watchPreflights(
  page: Page,
): Promise<{ cdp: CDPSession; readonly seen: PreflightSeen[] }> {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, PreflightSeen>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method !== 'OPTIONS') return;
    const headers = event.request.headers as Record<string, string>;
    seen.set(event.requestId, {
      url: event.request.url,
      requestHeaders:
        headers['Access-Control-Request-Headers'] ??
        headers['access-control-request-headers'] ??
        '',
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = seen.get(event.requestId);
    if (!entry) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    entry.status = event.response.status;
    entry.allowHeaders = headers['access-control-allow-headers'];
  });
  await cdp.send('Network.enable');
  return {
    cdp,
    get seen() {
      return [...seen.values()];
    },
  };
}

interface StreamResult {
  status: number;
  contentType: string;
  body: string;
  error?: string;
}

/** Runs in the browser app's page: fetch with a stream body, read to the end with a reader. */
function streamInPage(
  page: Page,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<StreamResult> {
  return page.evaluate(
    async ({ url, headers, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        const reader = response.body?.getReader();
        const decoder = new TextDecoder();
        let text = '';
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
        }
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          body: text,
        };
      } catch (error) {
        return { status: 0, contentType: '', body: '', error: String(error) };
      }
    },
    { url, headers, body },
  );
}

/** The `data:` payloads of an SSE body, parsed (except the literal [DONE]). */
function events(body: string): { raw: string[]; json: Record<string, unknown>[] } {
  const raw = body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  const json = raw
    .filter((data) => data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, unknown>);
  return { raw, json };
}

/** The headers the browser SDKs add (openai-node's x-stainless-* set; Anthropic's opt-in). */
const OPENAI_SDK_HEADERS = {
  'x-stainless-lang': 'js',
  'x-stainless-package-version': '4.104.0',
  'x-stainless-os': 'Unknown',
  'x-stainless-arch': 'unknown',
  'x-stainless-runtime': 'browser:chrome',
  'x-stainless-runtime-version': '120.0.0',
  'x-stainless-retry-count': '0',
  'x-stainless-timeout': '600',
};

test('a page on another origin streams chat, messages and responses with an API key', async ({
  page,
}) => {
  await page.goto(appOrigin);
  expect(new URL(page.url()).origin).not.toBe(new URL(E2E_BASE_URL).origin);
  const preflights = await watchPreflights(page);

  const chat = await streamInPage(
    page,
    `${E2E_BASE_URL}/v1/chat/completions`,
    { 'content-type': 'application/json', authorization, ...OPENAI_SDK_HEADERS },
    { model: MODEL, stream: true, messages: [{ role: 'user', content: 'hello' }] },
  );
  expect(chat.error, chat.error).toBeUndefined();
  expect(chat.status).toBe(200);
  expect(chat.contentType).toContain('text/event-stream');
  const chatEvents = events(chat.body);
  const chatText = chatEvents.json
    .map((event) => {
      const choices = event.choices as { delta?: { content?: string } }[] | undefined;
      return choices?.[0]?.delta?.content ?? '';
    })
    .join('');
  expect(chatText).toBe(TEXT);
  expect(chatEvents.raw.at(-1)).toBe('[DONE]');

  const messages = await streamInPage(
    page,
    `${E2E_BASE_URL}/v1/messages`,
    {
      'content-type': 'application/json',
      'x-api-key': authorization.slice('Bearer '.length),
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
      ...OPENAI_SDK_HEADERS,
    },
    {
      model: MODEL,
      stream: true,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hello' }],
    },
  );
  expect(messages.error, messages.error).toBeUndefined();
  expect(messages.status).toBe(200);
  const messageEvents = events(messages.body).json;
  const messageText = messageEvents
    .map((event) =>
      event.type === 'content_block_delta'
        ? ((event.delta as { text?: string } | undefined)?.text ?? '')
        : '',
    )
    .join('');
  expect(messageText).toBe(TEXT);
  expect(messageEvents.at(-1)?.type).toBe('message_stop');
  expect(messages.body).toContain('event: message_stop');

  const responses = await streamInPage(
    page,
    `${E2E_BASE_URL}/v1/responses`,
    { 'content-type': 'application/json', authorization, ...OPENAI_SDK_HEADERS },
    { model: MODEL, stream: true, input: 'hello' },
  );
  expect(responses.error, responses.error).toBeUndefined();
  expect(responses.status).toBe(200);
  const responseEvents = events(responses.body).json;
  const responseText = responseEvents
    .map((event) => (event.type === 'response.output_text.delta' ? String(event.delta ?? '') : ''))
    .join('');
  expect(responseText).toBe(TEXT);
  const completed = responseEvents.at(-1);
  expect(completed?.type).toBe('response.completed');
  expect((completed?.response as { status?: string } | undefined)?.status).toBe('completed');

  // Each call carried non-simple headers, so Chromium asked first; every preflight was answered
  // with a 2xx that allowed what it asked for.
  await expect
    .poll(() => preflights.seen.filter((entry) => entry.status !== undefined).length)
    .toBeGreaterThanOrEqual(3);
  const answered = preflights.seen;
  for (const path of ['/v1/chat/completions', '/v1/messages', '/v1/responses']) {
    const preflight = answered.find((entry) => new URL(entry.url).pathname === path);
    expect(preflight, `preflight of ${path}`).toBeDefined();
    expect(preflight?.status, `preflight of ${path}`).toBeGreaterThanOrEqual(200);
    expect(preflight?.status, `preflight of ${path}`).toBeLessThan(300);
  }
  expect(answered.find((e) => e.url.endsWith('/v1/chat/completions'))?.requestHeaders).toContain(
    'authorization',
  );
  expect(answered.find((e) => e.url.endsWith('/v1/messages'))?.requestHeaders).toContain(
    'anthropic-dangerous-direct-browser-access',
  );
  await preflights.cdp.detach();
});
