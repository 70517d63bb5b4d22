// The Gemini dialect: replies, SSE chunks and errors in Google's shapes; Gemini upstreams get
// the request as received.
import type { ChatCompletion } from '../../canonical/types';
import type { Dialect } from '../types';
import { geminiNative } from './native';
import { GeminiStreamRenderer, geminiErrorBody, geminiReplyOf } from './render';

export const geminiDialect: Dialect = {
  name: 'gemini',
  renderReply: (body, _contentType, ctx) => ({
    body: JSON.stringify(geminiReplyOf(JSON.parse(String(body)) as ChatCompletion, ctx.model)),
    contentType: 'application/json',
  }),
  streamRenderer: (ctx) => new GeminiStreamRenderer(ctx),
  renderError: (status, error) => ({ status, body: geminiErrorBody(status, error) }),
  native: geminiNative,
};
