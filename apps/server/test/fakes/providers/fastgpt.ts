// FastGPT app chat (OpenAI-compatible, `apikey-appId` bearer); a refused key is FastGPT's
// {code, statusText: "unAuthApiKey", message} body.
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
import { bearer, REPLY_PIECES, REPLY_TEXT, sendJson, sendSse } from './wire';

export const fastgptRoutes: Route = (call, res) => {
  if (call.path !== '/api/v1/chat/completions') return false;
  if (bearer(call.headers) !== CREDENTIALS.fastgpt) {
    return sendJson(res, 403, {
      code: 514,
      statusText: 'unAuthApiKey',
      message: 'Api Key 不合法',
      data: null,
    });
  }
  const base = { id: 'fg1', model: '', created: 1 };
  if (call.body?.stream) {
    return sendSse(res, [
      ...REPLY_PIECES.map((content) => ({
        event: 'answer',
        data: JSON.stringify({
          ...base,
          object: '',
          choices: [{ delta: { role: 'assistant', content }, index: 0, finish_reason: null }],
        }),
      })),
      {
        event: 'answer',
        data: JSON.stringify({
          ...base,
          object: '',
          choices: [{ delta: {}, index: 0, finish_reason: 'stop' }],
        }),
      },
      { event: 'answer', data: '[DONE]' },
    ]);
  }
  return sendJson(res, 200, {
    ...base,
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 1 },
    choices: [
      { message: { role: 'assistant', content: REPLY_TEXT }, finish_reason: 'stop', index: 0 },
    ],
  });
};
