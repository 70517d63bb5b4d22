// The bodies the fake upstream (fake-upstream.ts) answers with, in each family's real wire format:
// errors, JSON replies and stream frames for the OpenAI family, Anthropic Messages, Gemini
// generateContent and Ollama.
import type { Behaviour } from './fake-upstream';

export type Family = 'openai' | 'anthropic' | 'gemini' | 'ollama';

export function familyOf(path: string): Family {
  if (path === '/v1/messages') return 'anthropic';
  if (path === '/api/chat' || path === '/api/embed') return 'ollama';
  if (/\/models\/[^/]+:(stream)?[gG]enerateContent$/.test(path)) return 'gemini';
  return 'openai';
}

export function errorBody(family: Family, status: number, behaviour: Behaviour): unknown {
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

export interface Reply {
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

export function jsonReply(
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
export function streamFrames(family: Family, r: Reply, noUsage: boolean, wantsUsage: boolean) {
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
