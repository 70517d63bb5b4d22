// Google PaLM 2 generateMessage (v1beta2) with the key in ?key=; a wrong key is HTTP 400 with
// reason API_KEY_INVALID, as Google's APIs answer it. The API reports no token usage.
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
import { REPLY_TEXT, sendJson } from './wire';

export const palmRoutes: Route = (call, res) => {
  if (!/^\/v1beta2\/models\/[^/]+:generateMessage$/.test(call.path)) return false;
  if (call.query.get('key') !== CREDENTIALS.palm) {
    return sendJson(res, 400, {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ],
      },
    });
  }
  const prompt = (call.body?.prompt ?? {}) as {
    messages?: { author?: string; content?: string }[];
  };
  if (!prompt.messages?.length)
    return sendJson(res, 400, {
      error: { code: 400, message: 'prompt.messages is empty', status: 'INVALID_ARGUMENT' },
    });
  return sendJson(res, 200, {
    candidates: [{ author: '1', content: REPLY_TEXT }],
    messages: prompt.messages,
  });
};
