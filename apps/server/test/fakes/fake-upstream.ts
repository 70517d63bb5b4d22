// A fake model provider on 127.0.0.1 speaking the real wire formats of the OpenAI family
// (OpenAI, Azure, compatible providers), Anthropic Messages and Gemini generateContent: JSON and
// SSE, with and without usage, errors (401/429/500…), slow replies and streams cut mid-way.
// The channel key picks the behaviour, so one server serves many channels. Reusable by any team.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

type Family = 'openai' | 'anthropic' | 'gemini' | 'ollama';

function familyOf(path: string): Family {
  if (path === '/v1/messages') return 'anthropic';
  if (path === '/api/chat' || path === '/api/embed') return 'ollama';
  if (/\/models\/[^/]+:(stream)?[gG]enerateContent$/.test(path)) return 'gemini';
  return 'openai';
}

function errorBody(family: Family, status: number, behaviour: Behaviour): unknown {
  const message = behaviour.error?.message ?? `fake error ${status}`;
  if (family === 'anthropic') {
    return { type: 'error', error: { type: behaviour.error?.type ?? 'api_error', message } };
  }
  if (family === 'gemini') {
    return { error: { code: status, message, status: behaviour.error?.type ?? 'INTERNAL' } };
  }
  if (family === 'ollama') return { error: message };
  return {
    error: {
      message,
      type: behaviour.error?.type ?? 'server_error',
      param: null,
      code: behaviour.error?.code ?? null,
    },
  };
}

interface Reply {
  prompt: number;
  completion: number;
  words: string[];
  model: string;
}

const openAiUsage = (r: Reply) => ({
  prompt_tokens: r.prompt,
  completion_tokens: r.completion,
  total_tokens: r.prompt + r.completion,
});

function jsonReply(
  family: Family,
  path: string,
  r: Reply,
  noUsage: boolean,
  encoding?: unknown,
): unknown {
  const text = r.words.join('');
  if (family === 'anthropic') {
    return {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: r.model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      ...(noUsage ? {} : { usage: { input_tokens: r.prompt, output_tokens: r.completion } }),
    };
  }
  if (family === 'ollama') {
    const counts = noUsage ? {} : { prompt_eval_count: r.prompt, eval_count: r.completion };
    if (path === '/api/embed') return { model: r.model, embeddings: [[0.1, 0.2, 0.3]], ...counts };
    return {
      model: r.model,
      created_at: '2024-07-01T00:00:00Z',
      message: { role: 'assistant', content: text },
      done: true,
      done_reason: 'stop',
      ...counts,
    };
  }
  if (family === 'gemini') {
    return {
      candidates: [
        { content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 },
      ],
      ...(noUsage
        ? {}
        : {
            usageMetadata: {
              promptTokenCount: r.prompt,
              candidatesTokenCount: r.completion,
              totalTokenCount: r.prompt + r.completion,
            },
          }),
    };
  }
  const usage = noUsage ? {} : { usage: openAiUsage(r) };
  if (path.endsWith('/embeddings')) {
    const vector = [0.1, 0.2, 0.3];
    // The openai client asks for base64 (little-endian float32) unless told otherwise.
    const embedding =
      encoding === 'base64'
        ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
        : vector;
    return {
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding }],
      model: r.model,
      ...(noUsage ? {} : { usage: { prompt_tokens: r.prompt, total_tokens: r.prompt } }),
    };
  }
  if (path.endsWith('/audio/transcriptions') || path.endsWith('/audio/translations')) {
    return { text: r.words.join('') };
  }
  if (path.endsWith('/moderations')) {
    return { id: 'modr-fake', model: r.model, results: [{ flagged: false, categories: {} }] };
  }
  if (path.endsWith('/images/generations')) {
    return { created: 1700000000, data: [{ url: 'http://127.0.0.1/fake.png' }] };
  }
  if (path.endsWith('/rerank')) {
    return { results: [{ index: 0, relevance_score: 0.9 }], ...usage };
  }
  if (path.endsWith('/completions') && !path.endsWith('/chat/completions')) {
    return {
      id: 'cmpl-fake',
      object: 'text_completion',
      created: 1700000000,
      model: r.model,
      choices: [{ index: 0, text, finish_reason: 'stop' }],
      ...usage,
    };
  }
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1700000000,
    model: r.model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    ...usage,
  };
}

/** The SSE frames of a streamed reply, content frames first and closing frames after. */
function streamFrames(family: Family, r: Reply, noUsage: boolean, wantsUsage: boolean) {
  const frame = (data: unknown, event?: string) =>
    `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
  if (family === 'anthropic') {
    const head = [
      frame(
        {
          type: 'message_start',
          message: {
            id: 'msg_fake',
            type: 'message',
            role: 'assistant',
            model: r.model,
            content: [],
            usage: { input_tokens: noUsage ? 0 : r.prompt, output_tokens: 1 },
          },
        },
        'message_start',
      ),
      frame(
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        'content_block_start',
      ),
      frame({ type: 'ping' }, 'ping'),
    ];
    const content = r.words.map((word) =>
      frame(
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } },
        'content_block_delta',
      ),
    );
    const tail = [
      frame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
      frame(
        {
          type: 'message_delta',
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: noUsage ? 0 : r.completion },
        },
        'message_delta',
      ),
      frame({ type: 'message_stop' }, 'message_stop'),
    ];
    return { head, content, tail };
  }
  if (family === 'ollama') {
    const line = (data: unknown) => `${JSON.stringify(data)}\n`;
    const content = r.words.map((word) =>
      line({ model: r.model, message: { role: 'assistant', content: word }, done: false }),
    );
    const counts = noUsage ? {} : { prompt_eval_count: r.prompt, eval_count: r.completion };
    const tail = [
      line({
        model: r.model,
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        ...counts,
      }),
    ];
    return { head: [], content, tail };
  }
  if (family === 'gemini') {
    const content = r.words.map((word, index) =>
      frame({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: word }] },
            index: 0,
            ...(index === r.words.length - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
        ...(noUsage
          ? {}
          : {
              usageMetadata: {
                promptTokenCount: r.prompt,
                candidatesTokenCount: index === r.words.length - 1 ? r.completion : index + 1,
                totalTokenCount: r.prompt + r.completion,
              },
            }),
      }),
    );
    return { head: [], content, tail: [] };
  }
  const chunk = (delta: unknown, finish: string | null) =>
    frame({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model: r.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const head = [chunk({ role: 'assistant', content: '' }, null)];
  const content = r.words.map((word) => chunk({ content: word }, null));
  const tail = [chunk({}, 'stop')];
  if (!noUsage && wantsUsage) {
    tail.push(
      frame({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1700000000,
        model: r.model,
        choices: [],
        usage: openAiUsage(r),
      }),
    );
  }
  tail.push('data: [DONE]\n\n');
  return { head, content, tail };
}

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
    response.once('close', () => {
      if (!response.writableFinished) aborted += 1;
    });
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    if (behaviour.status && behaviour.status >= 300) {
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
