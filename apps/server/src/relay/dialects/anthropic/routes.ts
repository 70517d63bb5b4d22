// POST /v1/messages, POST /v1/messages/count_tokens, and the Anthropic shape of GET /v1/models
// (chosen when the request carries anthropic-version).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { countCanonicalPrompt } from '../../canonical/count';
import { replySink } from '../../http/reply-sink';
import { assertModelAllowed, type RelayCaller } from '../../pipeline/admission';
import type { Ingress, RelayService } from '../../pipeline/relay.service';
import { RelayError } from '../../relay-errors';
import { anthropicHeaders } from '../../wire/anthropic/headers';
import { baseUrlOf } from '../../wire/channel';
import { countUpstream } from '../upstream-count';
import { anthropicDialect } from '.';
import { messagesNative } from './native';
import {
  anthropicClientHeaders,
  anthropicKey,
  messagesToCanonical,
  parseMessagesRequest,
} from './parse';

const messagesIngress: Ingress = {
  dialect: anthropicDialect,
  parse: parseMessagesRequest,
  key: anthropicKey,
};

const config = { dialect: anthropicDialect };

export function registerMessagesRoutes(scope: FastifyInstance, relay: RelayService, db: Db): void {
  scope.post('/v1/messages', { config }, (request, reply) =>
    relay.handle(request, replySink(reply), messagesIngress),
  );
  scope.post('/v1/messages/count_tokens', { config }, async (request) => {
    const caller = await relay.admit(request, anthropicKey(request));
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') {
      throw new RelayError(400, 'relay.badRequest', 'invalid_request', {
        details: 'the body must be a JSON object',
      });
    }
    // Counting reads what it can; fields it cannot carry do not change the count much.
    const canonical = messagesToCanonical(body, () => undefined);
    assertModelAllowed(caller, canonical.model);
    // An Anthropic upstream counts with its own tokenizer, the body as the Messages
    // pass-through would send it; other families get the local count.
    const counted = await countUpstream(
      db,
      caller,
      canonical.model,
      messagesNative,
      'input_tokens',
      (channel, model) => ({
        url: new URL(`${baseUrlOf(channel)}/v1/messages/count_tokens`),
        headers: anthropicHeaders(channel.key, anthropicClientHeaders(request)),
        body: JSON.stringify(model === body.model ? body : { ...body, model }),
      }),
    );
    return counted ?? { input_tokens: await countCanonicalPrompt(canonical) };
  });
}

/** GET /v1/models answers in Anthropic's shape for Anthropic clients. */
export const wantsAnthropicModels = (request: FastifyRequest): boolean =>
  request.headers['anthropic-version'] !== undefined;

export function anthropicModelList(models: string[], _caller: RelayCaller) {
  const data = models.map((id) => ({
    type: 'model',
    id,
    display_name: id,
    created_at: '2024-01-01T00:00:00Z',
  }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

export { messagesIngress };
