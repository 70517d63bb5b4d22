// POST /v1/responses, GET and DELETE /v1/responses/{id}, GET /v1/responses/{id}/input_items.
// Responses made by the gateway for chat-only upstreams are kept per token
// (ResponsesRetentionDays) with their conversation, so previous_response_id continues them; for
// responses an upstream made, the channel is kept, and whatever refers to them goes to it.
import { ChannelStatus } from '@switchyard/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { engineOf } from '../../../db/dialect';
import type { OptionsStore } from '../../../modules/options/options.store';
import type { Message } from '../../canonical/types';
import { replySink } from '../../http/reply-sink';
import type { RelayCaller } from '../../pipeline/admission';
import type { Ingress, RelayService } from '../../pipeline/relay.service';
import { type ChannelRow, findChannel, listCandidates } from '../../relay.repository';
import { RelayError } from '../../relay-errors';
import { readBody, sendUpstream } from '../../transport/upstream';
import type { DialectRequest, RecordedReply, RenderContext } from '../types';
import { responsesDialect } from '.';
import { heldChainKey } from './chain-key';
import { conversationItems, type ListQuery, listPage } from './input-items';
import { responsesEndpoint } from './native';
import { bad, requiredModel, responsesToCanonical } from './parse';
import { replayResponse } from './replay';
import {
  deleteResponse,
  findResponse,
  purgeResponses,
  ResponseWriter,
} from './responses.repository';

const DAY = 86_400;
/** How long a kept response waits to be written with others on SQLite (ms). */
const KEEP_DELAY_MS = 5;
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
/** The channel that holds an upstream's response, while it is there and enabled. */
async function holder(db: Db, channelId: number): Promise<ChannelRow | undefined> {
  const channel = await findChannel(db, channelId);
  return channel?.status === ChannelStatus.enabled ? channel : undefined;
}

/**
 * The holder, for a follow-up turn: only while normal selection could still choose it, enabled
 * and serving the model to the caller's group (an admin may have taken the model off it since).
 */
async function servingHolder(db: Db, channelId: number, group: string, model: string) {
  const candidates = await listCandidates(db, group, model);
  return candidates.find((candidate) => candidate.id === channelId);
}

/**
 * The channel holding a previous response can no longer take the model: the conversation is
 * only upstream, so nothing else can continue it, and the client is told how to go on.
 */
const holderGone = (id: string, model: string) =>
  new RelayError(400, 'relay.responseHolderGone', 'previous_response_not_found', {
    id,
    model,
    param: 'previous_response_id',
  });

export function registerResponsesRoutes(scope: FastifyInstance, deps: ResponsesDeps): void {
  const { relay, db, options, now } = deps;
  const retention = () => options.getInt('ResponsesRetentionDays');
  const since = () => now() - retention() * DAY;
  // SQLite serves one process, where a lookup waits for a write still under way (`written`):
  // its replies need not wait for theirs, so its writes gather for a few milliseconds. Other
  // engines may serve several nodes, so a reply goes out only once its write is committed.
  const deferred = engineOf(db) === 'sqlite';
  const writer = new ResponseWriter(db, deferred ? KEEP_DELAY_MS : 0);
  scope.addHook('onClose', () => writer.flush());
  /** The write of each request's reply, and the writes still under way by response id. */
  const kept = new WeakMap<RenderContext, Promise<void>>();
  const writing = new Map<string, Promise<void>>();
  let purgedAt = 0;

  async function parse(request: FastifyRequest, caller: RelayCaller): Promise<DialectRequest> {
    const raw = request.body;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw bad('the body must be a JSON object');
    const body = raw as Record<string, unknown>;
    const model = requiredModel(body);
    const uncarried: string[] = [];
    let history: Message[] = [];
    let noNative = false;
    let channelId: number | undefined;
    let conversationKey: string | undefined;
    const previous = body.previous_response_id;
    if (typeof previous === 'string' && previous) {
      await written(previous);
      const row = await findResponse(db, previous, caller.tokenId, since());
      if (row?.conversation) {
        // Only the gateway holds this conversation: the request must be translated.
        history = JSON.parse(row.conversation) as Message[];
        noNative = true;
        // Its turns keep one channel (prompt-cache affinity) though each names another reply.
        conversationKey = heldChainKey(history);
      } else if (row?.channel_id != null) {
        // Only the upstream that made it holds it: the request goes there and nowhere else.
        const channel = await servingHolder(db, row.channel_id, caller.group, model);
        if (!channel) throw holderGone(previous, model);
        channelId = channel.id;
      } else uncarried.push(`previous_response_id (${previous} is not held by the gateway)`);
    }
    const canonical = responsesToCanonical(body, history, (name) => uncarried.push(name));
    const stream = body.stream === true;
    return {
      mode: 'chat',
      body: { ...canonical, stream },
      raw: body,
      model: canonical.model,
      stream,
      // Usage goes in response.completed, not in a chat usage chunk.
      includeUsage: false,
      maxTokens: canonical.max_tokens ?? 0,
      clientHeaders: {},
      translated: true,
      uncarried,
      noNative,
      ...(channelId === undefined ? {} : { channelId }),
      ...(conversationKey === undefined ? {} : { conversationKey }),
    };
  }

  /**
   * Keeps a reply as soon as the renderer (or the native watch) reports it, before its last
   * frames go out, so a follow-up can refer to it at once; what is still being written is
   * awaited by whatever looks it up on this node.
   */
  async function keep(render: RenderContext, caller: RelayCaller, reply: RecordedReply) {
    const native = reply.output === undefined && reply.response === undefined;
    const conversation = native
      ? null
      : JSON.stringify([
          ...(render.request.mode === 'chat' ? render.request.body.messages : []),
          ...(reply.output ? [reply.output] : []),
        ]);
    await writer.write({
      id: reply.id,
      token_id: caller.tokenId,
      user_id: caller.userId,
      channel_id: native ? (render.channelId ?? null) : null,
      model: render.model,
      created_at: now(),
      response: reply.response ?? null,
      conversation,
    });
    if (now() - purgedAt > PURGE_EVERY) {
      purgedAt = now();
      // Off the reply's path: expired rows are nobody's to wait for.
      purgeResponses(db, since()).catch(() => {
        purgedAt = 0;
      });
    }
  }

  function record(render: RenderContext, caller: RelayCaller, reply: RecordedReply) {
    if (render.request.raw.store === false || retention() <= 0) return;
    const write = keep(render, caller, reply)
      .catch((error: unknown) => scope.log.warn({ err: error }, 'keeping the response failed'))
      .finally(() => writing.delete(reply.id));
    writing.set(reply.id, write);
    if (!deferred) kept.set(render, write);
  }

  /** A response still being written on this node is waited for before it is looked up. */
  const written = (id: unknown) => (typeof id === 'string' ? writing.get(id) : undefined);

  const ingress: Ingress = {
    dialect: responsesDialect,
    parse,
    prepare: (render, caller) => {
      render.record = (reply) => record(render, caller, reply);
    },
    // The reply is kept once it is known (record); where other nodes may look it up,
    // delivering a whole one waits for that.
    finish: async (render) => {
      if (!deferred) await kept.get(render);
    },
  };

  scope.post('/v1/responses', { config }, (request, reply) =>
    relay.handle(request, replySink(reply), ingress),
  );

  /** The upstream's answer for what an upstream's response holds, read whole. */
  async function askUpstream(
    channel: ChannelRow,
    id: string,
    method: 'GET' | 'DELETE',
    tail = '',
    search = '',
  ) {
    const endpoint = responsesEndpoint(channel, id, tail);
    for (const [name, value] of new URLSearchParams(search)) {
      endpoint.url.searchParams.append(name, value);
    }
    const response = await sendUpstream({ ...endpoint, method }, new AbortController().signal);
    return {
      status: response.statusCode ?? 502,
      contentType: String(response.headers['content-type'] ?? 'application/json'),
      body: await readBody(response),
    };
  }

  /** The upstream's answer, relayed as it came. */
  function relayed(reply: FastifyReply, answer: Awaited<ReturnType<typeof askUpstream>>) {
    return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
  }

  async function relayUpstream(reply: FastifyReply, ...question: Parameters<typeof askUpstream>) {
    return relayed(reply, await askUpstream(...question));
  }

  /** The caller's kept row and, for an upstream's response, the channel that holds it. */
  async function keptRow(request: FastifyRequest<{ Params: { id: string } }>) {
    const caller = await relay.admit(request);
    const { id } = request.params;
    await written(id);
    const row = await findResponse(db, id, caller.tokenId, since());
    if (!row) throw notFound(id);
    const channel = row.channel_id === null ? null : await holder(db, row.channel_id);
    if (channel === undefined) throw notFound(id);
    return { caller, id, row, channel };
  }

  const queryOf = (request: FastifyRequest) => request.raw.url?.split('?')[1] ?? '';

  scope.get<{ Params: { id: string }; Querystring: { stream?: string; starting_after?: string } }>(
    '/v1/responses/:id',
    { config },
    async (request, reply) => {
      const { id, row, channel } = await keptRow(request);
      if (channel) return relayUpstream(reply, channel, id, 'GET', '', queryOf(request));
      const json = row.response ?? '{}';
      if (request.query.stream === 'true') {
        const after = Number(request.query.starting_after ?? -1);
        return reply
          .header('content-type', 'text/event-stream')
          .header('cache-control', 'no-cache')
          .send(replayResponse(json, Number.isFinite(after) ? after : -1));
      }
      return reply.header('content-type', 'application/json').send(json);
    },
  );
  scope.delete<{ Params: { id: string } }>(
    '/v1/responses/:id',
    { config },
    async (request, reply) => {
      const { caller, id, channel } = await keptRow(request);
      if (channel) {
        // Forgotten here before the client hears the upstream's answer, so a lookup right
        // after it cannot still find the response.
        const answer = await askUpstream(channel, id, 'DELETE');
        await deleteResponse(db, id, caller.tokenId);
        return relayed(reply, answer);
      }
      await deleteResponse(db, id, caller.tokenId);
      return reply.send({ id, object: 'response', deleted: true });
    },
  );
  scope.get<{ Params: { id: string }; Querystring: ListQuery }>(
    '/v1/responses/:id/input_items',
    { config },
    async (request, reply) => {
      const { id, row, channel } = await keptRow(request);
      if (channel) {
        return relayUpstream(reply, channel, id, 'GET', '/input_items', queryOf(request));
      }
      const conversation = JSON.parse(row.conversation ?? '[]') as Message[];
      const instructions = (JSON.parse(row.response ?? '{}') as { instructions?: unknown })
        .instructions;
      return reply.send(listPage(conversationItems(id, conversation, instructions), request.query));
    },
  );
}
