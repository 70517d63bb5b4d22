// A fake model provider on 127.0.0.1 speaking the real wire formats of the OpenAI family
// (OpenAI, Azure, compatible providers), Anthropic Messages and Gemini generateContent: JSON and
// SSE, with and without usage, errors (401/429/500…), slow replies and streams cut mid-way.
// The channel key picks the behaviour, so one server serves many channels. Reusable by any team.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, familyOf, jsonReply, type Reply, streamFrames } from './fake-upstream-wire';
import { readBody, startLoopbackServer } from './loopback-server';

export interface Behaviour {
  /** Non-2xx status with an error body in the provider's format. */
  status?: number;
  /** Error fields for that body (OpenAI-style: message, type, code). */
  error?: { message?: string; type?: string; code?: string };
  /** Leave usage out of replies and streams. */
  noUsage?: boolean;
  /** Wait before answering, ms. */
  delayMs?: number;
  /** Wait between stream chunks, ms. */
  chunkDelayMs?: number;
  /** Break the connection after this many content chunks of a stream. */
  cutAfter?: number;
  /** Stop sending after this many content chunks of a stream, holding the connection open. */
  stallAfter?: number;
  /** Send a stream's first content chunk, then the rest only once this promise resolves. */
  holdUntil?: Promise<void>;
  /** Cycled per key, one letter a request: `F` answers `status` (500 by default), `S` normally. */
  failPattern?: string;
  /** Reply text; streamed as one chunk per word. */
  text?: string;
  promptTokens?: number;
  completionTokens?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, with its `?` (empty when none). */
  search: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The channel key the request carried (Bearer, api-key, x-api-key or x-goog-api-key). */
  key: string;
}

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Sets what requests with this key get (keys without a behaviour get a normal reply). */
  behave(key: string, behaviour: Behaviour): void;
  /** Requests whose connection the client closed before the reply ended. */
  abortedCount(): number;
  close(): Promise<void>;
}

const DEFAULT_TEXT = 'Hello from the fake upstream';

function keyOf(request: IncomingMessage, url: URL): string {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const header =
    request.headers['api-key'] ?? request.headers['x-api-key'] ?? request.headers['x-goog-api-key'];
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('key') ?? '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = (await readBody(request)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const behaviours = new Map<string, Behaviour>();
  const requests: RecordedRequest[] = [];
  /** Requests seen per key (for failPattern). */
  const turns = new Map<string, number>();
  let aborted = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = (await readJson(request)) as Record<string, unknown>;
    const key = keyOf(request, url);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      body,
      key,
    });
    const behaviour = behaviours.get(key) ?? {};
    const family = familyOf(url.pathname);
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    const pattern = behaviour.failPattern;
    if (pattern && pattern[turn % pattern.length] === 'F') {
      const status = behaviour.status ?? 500;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(errorBody(family, status, behaviour)));
      return;
    }
    response.once('close', () => {
      if (!response.writableFinished) aborted += 1;
    });
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    if (!pattern && behaviour.status && behaviour.status >= 300) {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(errorBody(family, behaviour.status, behaviour)));
      return;
    }
    const text = behaviour.text ?? DEFAULT_TEXT;
    const words = text.split(/(?<= )/);
    const reply: Reply = {
      prompt: behaviour.promptTokens ?? 10,
      completion: behaviour.completionTokens ?? words.length,
      words,
      model: typeof body?.model === 'string' ? body.model : 'fake-model',
    };
    const noUsage = behaviour.noUsage === true;
    if (url.pathname.endsWith('/audio/speech')) {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.end(Buffer.from('ID3fake-audio'));
      return;
    }
    const streaming = body?.stream === true || url.pathname.endsWith(':streamGenerateContent');
    if (!streaming) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(jsonReply(family, url.pathname, reply, noUsage, body?.encoding_format)),
      );
      return;
    }
    const options = body.stream_options as { include_usage?: boolean } | undefined;
    const frames = streamFrames(family, reply, noUsage, options?.include_usage === true);
    const streamType = family === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';
    response.writeHead(200, { 'content-type': streamType, 'cache-control': 'no-cache' });
    for (const frame of frames.head) response.write(frame);
    for (const [index, frame] of frames.content.entries()) {
      if (behaviour.cutAfter !== undefined && index >= behaviour.cutAfter) {
        // Let what was written reach the gateway, then break the connection mid-body.
        await sleep(30);
        response.socket?.destroy();
        return;
      }
      if (behaviour.stallAfter !== undefined && index >= behaviour.stallAfter) {
        // Silent until the gateway gives up (it closes the connection).
        await once(response, 'close');
        return;
      }
      if (index === 1 && behaviour.holdUntil) await behaviour.holdUntil;
      if (response.destroyed) return;
      if (!response.write(frame)) await once(response, 'drain');
      if (behaviour.chunkDelayMs) await sleep(behaviour.chunkDelayMs);
    }
    for (const frame of frames.tail) response.write(frame);
    response.end();
  }

  const { url, close } = await startLoopbackServer(handle);
  return {
    url,
    requests,
    behave: (key, behaviour) => behaviours.set(key, behaviour),
    abortedCount: () => aborted,
    close,
  };
}
