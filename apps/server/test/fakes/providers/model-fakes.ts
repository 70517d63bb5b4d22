// Scripted model providers on 127.0.0.1, one per family, each speaking its real wire format
// (see the *-wire.ts files) and answering as scenario.ts decides. Every request is recorded with
// what crossed (headers, body and the provider-neutral Seen) so tests can assert on it.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from '../loopback-server';
import { messagesJson, messagesStream, readMessages } from './anthropic-wire';
import { geminiJson, geminiStream, readGemini } from './gemini-wire';
import { ollamaJson, ollamaStream, readOllama } from './ollama-wire';
import { readResponses, responsesJson, responsesStream } from './openai-responses-wire';
import { chatJson, chatStream, readChat } from './openai-wire';
import { decide, FAKE_USAGE, type Json, type Seen, type Turn } from './scenario';

export type ModelFamily = 'openai' | 'anthropic' | 'gemini' | 'ollama';

export interface ModelCall {
  method: string;
  path: string;
  search: string;
  headers: IncomingMessage['headers'];
  body: Json;
  /** What the request asked for, read from its wire; null for endpoints without a turn. */
  seen: Seen | null;
  /** The answer given. */
  turn: Turn | null;
}

export interface ModelFake {
  family: ModelFamily;
  url: string;
  calls: ModelCall[];
  /** Calls whose Seen matches, e.g. `callsWhere((s) => s.text === 'marker-42')`. */
  callsWhere(match: (seen: Seen) => boolean): ModelCall[];
  close(): Promise<void>;
}

interface Answer {
  status: number;
  type: string;
  /** A JSON body, or stream frames written one by one. */
  body: Json | string[];
}

const json = (body: Json, status = 200): Answer => ({ status, type: 'application/json', body });
const sse = (frames: string[]): Answer => ({
  status: 200,
  type: 'text/event-stream',
  body: frames,
});

function openAiAnswer(
  path: string,
  body: Json,
  record: (seen: Seen, turn: Turn) => void,
  chatOnly = false,
) {
  if (path === '/v1/chat/completions') {
    const seen = readChat(body);
    const turn = decide(seen);
    record(seen, turn);
    const usage = (body.stream_options as Json | undefined)?.include_usage === true;
    return seen.stream ? sse(chatStream(seen, turn, usage)) : json(chatJson(seen, turn));
  }
  // A chat-only OpenAI-compatible server (vLLM, one-api…) knows no /v1/responses.
  if (path === '/v1/responses' && !chatOnly) {
    const seen = readResponses(body);
    const turn = decide(seen);
    record(seen, turn);
    return seen.stream ? sse(responsesStream(seen, turn)) : json(responsesJson(seen, turn));
  }
  const message = `Unknown request URL: POST ${path}.`;
  return json(
    { error: { message, type: 'invalid_request_error', param: null, code: 'unknown_url' } },
    404,
  );
}

function anthropicAnswer(path: string, body: Json, record: (seen: Seen, turn: Turn) => void) {
  if (path === '/v1/messages/count_tokens') return json({ input_tokens: FAKE_USAGE.input });
  if (path === '/v1/messages') {
    const seen = readMessages(body);
    const turn = decide(seen);
    record(seen, turn);
    return seen.stream ? sse(messagesStream(seen, turn)) : json(messagesJson(seen, turn));
  }
  return json({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }, 404);
}

const GEMINI_PATH =
  /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/;

function geminiAnswer(path: string, body: Json, record: (seen: Seen, turn: Turn) => void) {
  const match = GEMINI_PATH.exec(path);
  if (!match) {
    return json({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }, 404);
  }
  const [, model, method] = match;
  if (method === 'countTokens') return json({ totalTokens: FAKE_USAGE.input });
  const seen = readGemini(
    body,
    decodeURIComponent(model ?? ''),
    method === 'streamGenerateContent',
  );
  const turn = decide(seen);
  record(seen, turn);
  return seen.stream ? sse(geminiStream(seen, turn)) : json(geminiJson(seen, turn));
}

function ollamaAnswer(path: string, body: Json, record: (seen: Seen, turn: Turn) => void) {
  if (path !== '/api/chat') return json({ error: `path "${path}" not found` }, 404);
  const seen = readOllama(body);
  const turn = decide(seen);
  record(seen, turn);
  if (!seen.stream) return json(ollamaJson(seen, turn));
  return { status: 200, type: 'application/x-ndjson', body: ollamaStream(seen, turn) };
}

const ANSWERS = {
  openai: openAiAnswer,
  anthropic: anthropicAnswer,
  gemini: geminiAnswer,
  ollama: ollamaAnswer,
} as const;

async function readJsonObject(request: IncomingMessage): Promise<Json> {
  const text = (await readBody(request)).toString('utf8');
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
  } catch {
    return {};
  }
}

async function write(response: ServerResponse, answer: Answer): Promise<void> {
  response.writeHead(answer.status, { 'content-type': answer.type, 'cache-control': 'no-cache' });
  if (!Array.isArray(answer.body)) {
    response.end(JSON.stringify(answer.body));
    return;
  }
  for (const frame of answer.body) {
    if (response.destroyed) return;
    if (!response.write(frame)) await once(response, 'drain');
  }
  response.end();
}

export interface ModelFakeOptions {
  /** OpenAI family: serve chat completions only, as most OpenAI-compatible servers do. */
  chatOnly?: boolean;
}

export async function startModelFake(
  family: ModelFamily,
  options: ModelFakeOptions = {},
): Promise<ModelFake> {
  const calls: ModelCall[] = [];
  const { url, close } = await startLoopbackServer(async (request, response) => {
    const { pathname, search } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readJsonObject(request);
    const call: ModelCall = {
      method: request.method ?? '',
      path: pathname,
      search,
      headers: request.headers,
      body,
      seen: null,
      turn: null,
    };
    calls.push(call);
    const record = (seen: Seen, turn: Turn) => {
      call.seen = seen;
      call.turn = turn;
    };
    const answer =
      family === 'openai'
        ? openAiAnswer(pathname, body, record, options.chatOnly)
        : ANSWERS[family](pathname, body, record);
    await write(response, answer);
  });
  return {
    family,
    url,
    calls,
    callsWhere: (match) => calls.filter((call) => call.seen !== null && match(call.seen)),
    close,
  };
}
