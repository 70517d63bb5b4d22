// POST /v1/responses, GET and DELETE /v1/responses/{id}. Responses made by the gateway for
// chat-only upstreams are kept per token (ResponsesRetentionDays) with their conversation, so
// previous_response_id continues them; for responses an upstream made, the channel is kept.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import type { OptionsStore } from '../../../modules/options/options.store';
import type { RelayCaller } from '../../admission';
import type { Message } from '../../canonical/types';
import { findChannel } from '../../relay.repository';
import type { Ingress, RelayService } from '../../relay.service';
import { RelayError } from '../../relay-errors';
import { readBody, sendUpstream } from '../../upstream';
import type { DialectRequest, RecordedReply, RenderContext } from '../types';
import { responsesDialect } from '.';
import { responsesEndpoint } from './native';
import { bad, responsesToCanonical } from './parse';
import { deleteResponse, findResponse, keepResponse, purgeResponses } from './responses.repository';

const DAY = 86_400;
/** Expired responses are removed at most this often (seconds). */
const PURGE_EVERY = 600;

interface ResponsesDeps {
  relay: RelayService;
  db: Db;
  options: OptionsStore;
  now: () => number;
}

const config = { dialect: responsesDialect };

const notFound = (id: string) => new RelayError(404, 'relay.responseNotFound', 'not_found', { id });

export function registerResponsesRoutes(scope: FastifyInstance, deps: ResponsesDeps): void {
  const { relay, db, options, now } = deps;
  const retention = () => options.getInt('ResponsesRetentionDays');
  const since = () => now() - retention() * DAY;
  const recorded = new WeakMap<RenderContext, RecordedReply>();
  let purgedAt = 0;

  async function parse(request: FastifyRequest, caller: RelayCaller): Promise<DialectRequest> {
    const raw = request.body;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw bad('the body must be a JSON object');
    const body = raw as Record<string, unknown>;
    const uncarried: string[] = [];
    let history: Message[] = [];
    let noNative = false;
    const previous = body.previous_response_id;
    if (typeof previous === 'string' && previous) {
      const row = await findResponse(db, previous, caller.tokenId, since());
      if (row?.conversation) {
        // Only the gateway holds this conversation: the request must be translated.
        history = JSON.parse(row.conversation) as Message[];
        noNative = true;
      } else uncarried.push(`previous_response_id (${previous} is not held by the gateway)`);
    }
    const canonical = responsesToCanonical(body, history, (name) => uncarried.push(name));
    const stream = body.stream === true;
    return {
      mode: 'chat',
      body: { ...canonical, stream } as unknown as Record<string, unknown>,
      raw: body,
      model: canonical.model,
      stream,
      includeUsage: stream,
      maxTokens: canonical.max_tokens ?? 0,
      clientHeaders: {},
      translated: true,
      uncarried,
      noNative,
    };
  }

  async function finish(
    render: RenderContext,
    caller: RelayCaller,
    channel: { id: number },
    native: boolean,
  ) {
    const reply = recorded.get(render);
    if (!reply || render.request.raw.store === false || retention() <= 0) return;
    const conversation = native
      ? null
      : JSON.stringify([
          ...(render.request.body.messages as Message[]),
          ...(reply.output ? [reply.output] : []),
        ]);
    await keepResponse(db, {
      id: reply.id,
      token_id: caller.tokenId,
      user_id: caller.userId,
      channel_id: native ? channel.id : null,
      model: render.model,
      created_at: now(),
      response: native || !reply.response ? null : JSON.stringify(reply.response),
      conversation,
    });
    if (now() - purgedAt > PURGE_EVERY) {
      purgedAt = now();
      await purgeResponses(db, since());
    }
  }

  const ingress: Ingress = {
    dialect: responsesDialect,
    parse,
    prepare: (render) => {
      render.record = (reply) => recorded.set(render, reply);
    },
    finish,
  };

  scope.post('/v1/responses', { config }, (request, reply) =>
    relay.handle(request, reply, ingress),
  );

  /** The kept row, or the upstream's answer for a response an upstream holds. */
  async function upstreamOrKept(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    method: 'GET' | 'DELETE',
  ) {
    const caller = await relay.admit(request);
    const { id } = request.params;
    const row = await findResponse(db, id, caller.tokenId, since());
    if (!row) throw notFound(id);
    if (row.channel_id !== null) {
      const channel = await findChannel(db, row.channel_id);
      if (!channel) throw notFound(id);
      const response = await sendUpstream(
        { ...responsesEndpoint(channel, id), method },
        new AbortController().signal,
      );
      const body = await readBody(response);
      if (method === 'DELETE') await deleteResponse(db, id, caller.tokenId);
      return reply
        .code(response.statusCode ?? 502)
        .header('content-type', String(response.headers['content-type'] ?? 'application/json'))
        .send(body);
    }
    if (method === 'DELETE') {
      await deleteResponse(db, id, caller.tokenId);
      return reply.send({ id, object: 'response', deleted: true });
    }
    return reply.header('content-type', 'application/json').send(row.response ?? '{}');
  }

  scope.get<{ Params: { id: string } }>('/v1/responses/:id', { config }, (request, reply) =>
    upstreamOrKept(request, reply, 'GET'),
  );
  scope.delete<{ Params: { id: string } }>('/v1/responses/:id', { config }, (request, reply) =>
    upstreamOrKept(request, reply, 'DELETE'),
  );
}
