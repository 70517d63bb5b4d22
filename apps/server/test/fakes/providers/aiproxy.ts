// AI Proxy knowledge-base library ask API (Api-Key header, libraryId, query), whole and SSE.
import { CREDENTIALS } from './credentials';
import type { Route } from './provider-fake';
import { REPLY_PIECES, REPLY_TEXT, sendJson, sendSse } from './wire';

const documents = [{ title: 'Handbook', url: 'https://example.invalid/handbook' }];

export const aiproxyRoutes: Route = (call, res) => {
  if (call.path !== '/api/library/ask') return false;
  if (call.headers['api-key'] !== CREDENTIALS.aiproxy) {
    return sendJson(res, 401, { success: false, errCode: 401, errMsg: 'invalid Api-Key' });
  }
  if (!call.body?.libraryId || !call.body.query) {
    return sendJson(res, 200, {
      success: false,
      errCode: 400,
      errMsg: 'libraryId and query are required',
    });
  }
  if (call.body.stream) {
    return sendSse(res, [
      ...REPLY_PIECES.map((content) => ({
        data: JSON.stringify({ content, finish: false, model: call.body?.model }),
      })),
      { data: JSON.stringify({ content: '', finish: true, documents }) },
    ]);
  }
  return sendJson(res, 200, {
    success: true,
    answer: REPLY_TEXT,
    documents,
    errCode: 0,
    errMsg: '',
  });
};
