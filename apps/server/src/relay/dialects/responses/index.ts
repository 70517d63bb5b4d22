// The OpenAI Responses dialect: Response objects, typed stream events and OpenAI errors;
// upstreams with the Responses API get the request as received.
import type { ChatCompletion } from '../../canonical/types';
import type { Dialect } from '../types';
import { responsesNative } from './native';
import { ResponsesStreamRenderer } from './render';
import { responseJson } from './response-object';

export const responsesDialect: Dialect = {
  name: 'responses',
  renderReply: (body, _contentType, ctx) => ({
    body: responseJson(JSON.parse(String(body)) as ChatCompletion, ctx),
    contentType: 'application/json',
  }),
  streamRenderer: (ctx) => new ResponsesStreamRenderer(ctx),
  renderError: (status, error) => ({ status, body: { error } }),
  native: responsesNative,
};
