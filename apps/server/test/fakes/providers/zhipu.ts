// Zhipu: verifies the HS256 JWT (signature with the key's secret, exp in milliseconds) on the v3
// model-api invoke / sse-invoke endpoints and the v4 OpenAI-shaped chat completions.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { CREDENTIALS } from './credentials';
import type { FakeState, Route } from './provider-fake';
import {
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

/** The key id of a valid token, or null. */
function verify(token: string, state: FakeState): string | null {
  const [header = '', payload = '', signature = ''] = token.split('.');
  let claims: { api_key?: string; exp?: number };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256') return null;
  } catch {
    return null;
  }
  const secret = CREDENTIALS.zhipu[claims.api_key ?? ''];
  if (!secret || (claims.exp ?? 0) < Date.now()) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const seen = state.jwtsSeen.get(claims.api_key ?? '') ?? new Set<string>();
  seen.add(token);
  state.jwtsSeen.set(claims.api_key ?? '', seen);
  return claims.api_key ?? null;
}

const AUTH_FAILED = '身份验证失败。';
const usage = {
  prompt_tokens: PROMPT_TOKENS,
  completion_tokens: COMPLETION_TOKENS,
  total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
};

function v4(body: Record<string, unknown> | undefined, res: ServerResponse): true {
  const base = { id: 'glm-1', created: 1, model: String(body?.model) };
  if (wantsTools(body)) {
    return sendJson(res, 200, {
      ...base,
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: TOOL_CALL }],
          },
        },
      ],
      usage,
    });
  }
  if (body?.stream) {
    const events = REPLY_PIECES.map((content) => ({
      data: JSON.stringify({
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content } }],
      }),
    }));
    events.push({
      data: JSON.stringify({
        ...base,
        choices: [{ index: 0, finish_reason: 'stop', delta: { role: 'assistant', content: '' } }],
        usage,
      }),
    });
    events.push({ data: '[DONE]' });
    return sendSse(res, events);
  }
  return sendJson(res, 200, {
    ...base,
    choices: [
      { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: REPLY_TEXT } },
    ],
    usage,
  });
}

export const zhipuRoutes: Route = (call, res, state) => {
  const v3 = /^\/api\/paas\/v3\/model-api\/[^/]+\/(invoke|sse-invoke)$/.exec(call.path);
  const isV4 = call.path === '/api/paas/v4/chat/completions';
  const isEmbeddings = call.path === '/api/paas/v4/embeddings';
  if (!v3 && !isV4 && !isEmbeddings) return false;
  const token = String(call.headers.authorization ?? '').replace(/^Bearer /, '');
  if (!verify(token, state)) {
    return isV4 || isEmbeddings
      ? sendJson(res, 401, { error: { code: '1000', message: AUTH_FAILED } })
      : sendJson(res, 200, { code: 1000, msg: AUTH_FAILED, success: false });
  }
  if (isEmbeddings) {
    const inputs = [call.body?.input].flat();
    return sendJson(res, 200, {
      model: 'embedding-2',
      object: 'list',
      data: inputs.map((_, index) => ({ index, object: 'embedding', embedding: [0.1, 0.2, 0.3] })),
      usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: 0, total_tokens: PROMPT_TOKENS },
    });
  }
  if (v3 && lastText(call.body?.prompt) === FLOOD) {
    return sendJson(res, 200, {
      code: 1302,
      msg: '您当前使用该API的并发数过高，请降低并发，或联系客服增加限额。',
      success: false,
    });
  }
  if (isV4) return v4(call.body, res);
  if (v3?.[1] === 'sse-invoke') {
    const events: { event?: string; data: string; extra?: string }[] = REPLY_PIECES.map((data) => ({
      event: 'add',
      data,
    }));
    events.push({
      event: 'finish',
      data: '',
      extra: `meta: ${JSON.stringify({ task_status: 'SUCCESS', usage, task_id: 't1', request_id: 'r1' })}\n`,
    });
    return sendSse(res, events);
  }
  return sendJson(res, 200, {
    code: 200,
    msg: '操作成功',
    data: {
      request_id: 'r1',
      task_id: 't1',
      task_status: 'SUCCESS',
      choices: [{ role: 'assistant', content: JSON.stringify(REPLY_TEXT) }],
      usage,
    },
    success: true,
  });
};
