// Baidu ERNIE: the OAuth client-credentials token endpoint and wenxinworkshop chat/embeddings,
// checking the access token it issued; errors as HTTP 200 with error_code like the real API.
import { randomUUID } from 'node:crypto';
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
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
} from './wire';

const issued = new Set<string>();

/** Makes every issued access token invalid (as when Baidu revokes or expires them early). */
export const revokeBaiduTokens = (): void => issued.clear();
const usage = {
  prompt_tokens: PROMPT_TOKENS,
  completion_tokens: COMPLETION_TOKENS,
  total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
};

export const baiduRoutes: Route = (call, res, state) => {
  if (call.path === '/oauth/2.0/token') {
    const id = call.query.get('client_id') ?? '';
    if (call.query.get('grant_type') !== 'client_credentials') {
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported',
      });
    }
    if (!(id in CREDENTIALS.baidu)) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'unknown client id',
      });
    }
    if (CREDENTIALS.baidu[id] !== call.query.get('client_secret')) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    }
    state.tokenExchanges.set(id, (state.tokenExchanges.get(id) ?? 0) + 1);
    const token = `24.${randomUUID()}`;
    issued.add(token);
    return sendJson(res, 200, {
      access_token: token,
      expires_in: 2592000,
      scope: 'ai_custom_wenxinworkshop',
      refresh_token: `25.${randomUUID()}`,
    });
  }
  if (!call.path.startsWith('/rpc/2.0/ai_custom/v1/wenxinworkshop/')) return false;
  if (!issued.has(call.query.get('access_token') ?? '')) {
    return sendJson(res, 200, {
      error_code: 110,
      error_msg: 'Access token invalid or no longer valid',
    });
  }
  if (call.path.includes('/embeddings/')) {
    const inputs = (call.body?.input ?? []) as string[];
    return sendJson(res, 200, {
      id: 'as-emb',
      object: 'embedding_list',
      created: 1,
      data: inputs.map((_, index) => ({ object: 'embedding', embedding: [0.1, 0.2, 0.3], index })),
      usage: { prompt_tokens: PROMPT_TOKENS, total_tokens: PROMPT_TOKENS },
    });
  }
  if (!Array.isArray(call.body?.messages) || call.body.messages.length === 0) {
    return sendJson(res, 200, {
      error_code: 336003,
      error_msg: 'the length of messages must be an odd number',
    });
  }
  if (lastText(call.body.messages) === FLOOD) {
    return sendJson(res, 200, { error_code: 18, error_msg: 'Open api qps request limit reached' });
  }
  if (Array.isArray(call.body.functions)) {
    return sendJson(res, 200, {
      id: 'as-1',
      object: 'chat.completion',
      created: 1,
      result: '',
      is_truncated: false,
      need_clear_history: false,
      finish_reason: 'function_call',
      function_call: {
        name: TOOL_CALL.name,
        arguments: TOOL_CALL.arguments,
        thoughts: 'look it up',
      },
      usage,
    });
  }
  if (call.body.stream) {
    return sendSse(
      res,
      REPLY_PIECES.map((result, index) => {
        const last = index === REPLY_PIECES.length - 1;
        return {
          data: JSON.stringify({
            id: 'as-1',
            object: 'chat.completion',
            created: 1,
            sentence_id: index,
            is_end: last,
            is_truncated: false,
            result,
            need_clear_history: false,
            ...(last ? { finish_reason: 'normal', usage } : {}),
          }),
        };
      }),
    );
  }
  return sendJson(res, 200, {
    id: 'as-1',
    object: 'chat.completion',
    created: 1,
    result: REPLY_TEXT,
    is_truncated: false,
    need_clear_history: false,
    finish_reason: 'normal',
    usage,
  });
};
