// Cohere v2: chat (typed stream events), embed and rerank behind a bearer key; a wrong key is
// 401 {"id","message":"invalid api token"}.
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
import {
  bearer,
  COMPLETION_TOKENS,
  FLOOD,
  lastText,
  PROMPT_TOKENS,
  REPLY_PIECES,
  REPLY_TEXT,
  sendJson,
  sendSse,
  TOOL_CALL,
  wantsTools,
} from './wire';

const usage = {
  billed_units: { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS },
  tokens: { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS },
};

export const cohereRoutes: Route = (call, res) => {
  if (!['/v2/chat', '/v2/embed', '/v2/rerank'].includes(call.path)) return false;
  if (bearer(call.headers) !== CREDENTIALS.cohere)
    return sendJson(res, 401, { id: 'e1', message: 'invalid api token' });
  if (call.path === '/v2/embed') {
    const texts = (call.body?.texts ?? []) as string[];
    return sendJson(res, 200, {
      id: 'emb',
      embeddings: { float: texts.map(() => [0.1, 0.2, 0.3]) },
      texts,
      meta: { billed_units: { input_tokens: PROMPT_TOKENS } },
    });
  }
  if (call.path === '/v2/rerank') {
    return sendJson(res, 200, {
      id: 'rr',
      results: [
        { index: 1, relevance_score: 0.9 },
        { index: 0, relevance_score: 0.1 },
      ],
      meta: { billed_units: { search_units: 1 } },
    });
  }
  if (lastText(call.body?.messages) === FLOOD) {
    return sendJson(res, 429, {
      id: 'e2',
      message: 'You are using a Trial key, which is limited to 10 API calls / minute.',
    });
  }
  if (wantsTools(call.body)) {
    return sendJson(res, 200, {
      id: 'c1',
      finish_reason: 'TOOL_CALL',
      message: {
        role: 'assistant',
        tool_plan: 'I will look up the weather.',
        tool_calls: [{ id: 'call_1', type: 'function', function: TOOL_CALL }],
      },
      usage,
    });
  }
  if (call.body?.stream) {
    return sendSse(res, [
      {
        event: 'message-start',
        data: JSON.stringify({
          id: 'c1',
          type: 'message-start',
          delta: { message: { role: 'assistant', content: [] } },
        }),
      },
      {
        event: 'content-start',
        data: JSON.stringify({
          type: 'content-start',
          index: 0,
          delta: { message: { content: { type: 'text', text: '' } } },
        }),
      },
      ...REPLY_PIECES.map((text) => ({
        event: 'content-delta',
        data: JSON.stringify({
          type: 'content-delta',
          index: 0,
          delta: { message: { content: { text } } },
        }),
      })),
      { event: 'content-end', data: JSON.stringify({ type: 'content-end', index: 0 }) },
      {
        event: 'message-end',
        data: JSON.stringify({ type: 'message-end', delta: { finish_reason: 'COMPLETE', usage } }),
      },
    ]);
  }
  return sendJson(res, 200, {
    id: 'c1',
    finish_reason: 'COMPLETE',
    message: { role: 'assistant', content: [{ type: 'text', text: REPLY_TEXT }] },
    usage,
  });
};
