// Today's OpenAI-shaped providers: chat under each one's path prefix (/v1, /api/v3, none) with a
// bearer key, and the balance endpoints of OpenRouter, DeepSeek, SiliconFlow and Moonshot.
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
import {
  bearer,
  COMPLETION_TOKENS,
  PROMPT_TOKENS,
  REPLY_PIECES,
  REPLY_TEXT,
  sendJson,
  sendSse,
} from './wire';

const usage = {
  prompt_tokens: PROMPT_TOKENS,
  completion_tokens: COMPLETION_TOKENS,
  total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
};
const CHAT_PATHS = ['/v1/chat/completions', '/api/v3/chat/completions', '/chat/completions'];

/** DeepSeek's yuan entry of an account's balances. */
const YUAN = {
  currency: 'CNY',
  total_balance: '110.00',
  granted_balance: '10.00',
  topped_up_balance: '100.00',
};

const BALANCES: Record<string, unknown> = {
  '/v1/credits': { data: { total_credits: 25, total_usage: 4.5 } },
  '/user/balance': {
    is_available: true,
    balance_infos: [
      YUAN,
      {
        currency: 'USD',
        total_balance: '12.50',
        granted_balance: '0.00',
        topped_up_balance: '12.50',
      },
    ],
  },
  // A DeepSeek account kept in yuan only (the channel's base URL ends in /cny).
  '/cny/user/balance': {
    is_available: true,
    balance_infos: [YUAN],
  },
  '/v1/user/info': {
    code: 20000,
    message: 'OK',
    status: true,
    data: { id: 'u1', name: 'n', balance: '0.88', chargeBalance: '88.00', totalBalance: '88.88' },
  },
  '/v1/users/me/balance': {
    code: 0,
    data: { available_balance: 49.58894, voucher_balance: 46.58893, cash_balance: 3.00001 },
    scode: '0x0',
    status: true,
  },
};

export const compatibleRoutes: Route = (call, res) => {
  const chat = CHAT_PATHS.includes(call.path);
  if (!chat && !(call.path in BALANCES)) return false;
  if (bearer(call.headers) !== CREDENTIALS.compatible) {
    return sendJson(res, 401, {
      error: {
        message: 'Authentication Fails (no such user)',
        type: 'authentication_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  }
  if (!chat) return sendJson(res, 200, BALANCES[call.path]);
  const base = {
    id: 'cmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: String(call.body?.model),
    path: call.path,
  };
  if (call.body?.stream) {
    const wantsUsage = (call.body.stream_options as { include_usage?: boolean } | undefined)
      ?.include_usage;
    return sendSse(res, [
      ...REPLY_PIECES.map((content) => ({
        data: JSON.stringify({
          ...base,
          choices: [{ index: 0, delta: { content }, finish_reason: null }],
        }),
      })),
      {
        data: JSON.stringify({
          ...base,
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        }),
      },
      ...(wantsUsage ? [{ data: JSON.stringify({ ...base, choices: [], usage }) }] : []),
      { data: '[DONE]' },
    ]);
  }
  return sendJson(res, 200, {
    ...base,
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', content: REPLY_TEXT }, finish_reason: 'stop' },
    ],
    usage,
  });
};
