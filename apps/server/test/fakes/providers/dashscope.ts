// Alibaba DashScope: native text generation (X-DashScope-SSE streams with id/event/:HTTP_STATUS
// lines, incremental output) and text embeddings; a wrong key is 401 InvalidApiKey.
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
  TOOL_CALL,
} from './wire';

const usage = {
  input_tokens: PROMPT_TOKENS,
  output_tokens: COMPLETION_TOKENS,
  total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
};

export const dashscopeRoutes: Route = (call, res) => {
  if (!call.path.startsWith('/api/v1/services/')) return false;
  if (bearer(call.headers) !== CREDENTIALS.dashscope) {
    return sendJson(res, 401, {
      code: 'InvalidApiKey',
      message: 'Invalid API-key provided.',
      request_id: 'req-1',
    });
  }
  if (lastText((call.body?.input as { messages?: unknown })?.messages) === FLOOD) {
    return sendJson(res, 429, {
      code: 'Throttling.RateQuota',
      message: 'Requests rate limit exceeded, please try again later.',
      request_id: 'req-7',
    });
  }
  if (call.path.endsWith('/text-embedding/text-embedding')) {
    const texts = (call.body?.input as { texts?: string[] })?.texts ?? [];
    return sendJson(res, 200, {
      output: {
        embeddings: texts.map((_, text_index) => ({ text_index, embedding: [0.1, 0.2, 0.3] })),
      },
      usage: { total_tokens: PROMPT_TOKENS },
      request_id: 'req-2',
    });
  }
  const parameters = (call.body?.parameters ?? {}) as Record<string, unknown>;
  if (parameters.result_format !== 'message') {
    return sendJson(res, 400, {
      code: 'InvalidParameter',
      message: 'result_format must be message here',
      request_id: 'req-3',
    });
  }
  if (Array.isArray(parameters.tools)) {
    return sendJson(res, 200, {
      output: {
        choices: [
          {
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'call_1', type: 'function', function: TOOL_CALL }],
            },
          },
        ],
      },
      usage,
      request_id: 'req-4',
    });
  }
  if (call.headers['x-dashscope-sse'] === 'enable') {
    res.writeHead(200, { 'content-type': 'text/event-stream;charset=UTF-8' });
    REPLY_PIECES.forEach((content, index) => {
      const last = index === REPLY_PIECES.length - 1;
      const data = {
        output: {
          choices: [
            { message: { content, role: 'assistant' }, finish_reason: last ? 'stop' : 'null' },
          ],
        },
        usage: { ...usage, output_tokens: last ? COMPLETION_TOKENS : index + 1 },
        request_id: 'req-5',
      };
      res.write(
        `id:${index + 1}\nevent:result\n:HTTP_STATUS/200\ndata:${JSON.stringify(data)}\n\n`,
      );
    });
    res.end();
    return true;
  }
  return sendJson(res, 200, {
    output: {
      choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: REPLY_TEXT } }],
    },
    usage,
    request_id: 'req-6',
  });
};
