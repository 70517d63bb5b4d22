// The Anthropic Messages dialect: replies, stream events and errors in Anthropic's shapes;
// Anthropic upstreams get the request as received.
import type { ChatCompletion } from '../../canonical/types';
import type { Dialect } from '../types';
import { messagesNative } from './native';
import { anthropicErrorBody, MessagesStreamRenderer, messagesReply } from './render';

export const anthropicDialect: Dialect = {
  name: 'anthropic',
  renderReply: (body, _contentType, ctx) => ({
    body: JSON.stringify(messagesReply(JSON.parse(String(body)) as ChatCompletion, ctx.model)),
    contentType: 'application/json',
  }),
  streamRenderer: (ctx) => new MessagesStreamRenderer(ctx),
  renderError: (status, error) => ({ status, body: anthropicErrorBody(status, error) }),
  native: messagesNative,
};
