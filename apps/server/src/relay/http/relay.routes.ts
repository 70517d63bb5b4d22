// The /v1 endpoints (token auth, OpenAI error format, CORS for every origin).
import { QUOTA_PER_DOLLAR } from '@switchyard/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { OptionsStore } from '../../modules/options/options.store';
import type { RelayMode } from '../adapters/types';
import { anthropicKey } from '../dialects/anthropic/parse';
import {
  anthropicModelList,
  registerMessagesRoutes,
  wantsAnthropicModels,
} from '../dialects/anthropic/routes';
import { chatDialect } from '../dialects/chat';
import { parseChatRequest } from '../dialects/chat/parse';
import { registerGeminiRoutes } from '../dialects/gemini/routes';
import { registerResponsesRoutes } from '../dialects/responses/routes';
import type { Dialect } from '../dialects/types';
import { type Ingress, newRequestId, type RelayService } from '../pipeline/relay.service';
import { listGroupModels } from '../relay.repository';
import {
  canonicalError,
  LimitError,
  RelayError,
  relayLanguage,
  UpstreamError,
} from '../relay-errors';
import { bodyRefusal } from './relay-body';
import { type BytesInFlight, closeAfterAnswer, registerRelayGate } from './relay-gate';
import { replySink } from './reply-sink';

const POST_ROUTES: [string, RelayMode][] = [
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/moderations', 'moderations'],
  ['/v1/rerank', 'rerank'],
];

/** The only relay routes that take a multipart body (an audio file). */
const AUDIO_ROUTES: [string, RelayMode][] = [
  ['/v1/audio/transcriptions', 'transcriptions'],
  ['/v1/audio/translations', 'translations'],
];

/** OpenAI's limit for audio uploads. */
const AUDIO_BODY_LIMIT = 25 * 1024 * 1024;

/** Balance shown to clients that read OpenAI's billing endpoints for an unlimited token. */
const UNLIMITED_BALANCE = 100_000_000;

/**
 * Browser pages of any origin may call /v1 with a key (no cookies). The Fetch standard's `*` in
 * allow-headers never covers Authorization, so it is named; preflights are cached for a day
 * (browsers cap it lower); the request id, Retry-After, the rate-limit headers and the dropped
 * parameters are readable.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, *',
  'access-control-max-age': '86400',
  'access-control-expose-headers': [
    'x-request-id',
    'request-id',
    'retry-after',
    // What the parameter policy dropped for the channel (canonical/param-policy.ts).
    'x-switchyard-dropped-params',
    ...['limit', 'remaining', 'reset'].flatMap((what) =>
      ['requests', 'tokens'].map((unit) => `x-ratelimit-${what}-${unit}`),
    ),
  ].join(', '),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The dialect a /v1 route answers in (errors included); chat when absent. */
    dialect?: Dialect;
  }
}

/** Renders a relay failure in the route's dialect, English unless the caller asks for Chinese. */
export function sendRelayError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: RelayError | UpstreamError,
) {
  const { status, error: body } = canonicalError(error, relayLanguage(request.headers));
  const requestId = newRequestId();
  body.message = `${body.message} (request id: ${requestId})`;
  const dialect = request.routeOptions.config.dialect ?? chatDialect;
  const rendered = dialect.renderError(status, body);
  if (error instanceof LimitError) reply.headers(error.headers);
  return reply
    .code(rendered.status)
    .header('x-request-id', requestId)
    .header('request-id', requestId)
    .send(rendered.body);
}

interface RelayRouteDeps {
  relay: RelayService;
  db: Db;
  options: OptionsStore;
  now: () => number;
  /** Largest JSON body (RELAY_BODY_LIMIT) and the bytes in flight cap (issue 27). */
  body: { limit: number; inFlight: BytesInFlight };
}

const chatIngress = (mode: RelayMode): Ingress => ({
  dialect: chatDialect,
  parse: (request) => parseChatRequest(request, mode),
});

export function registerRelayRoutes(app: FastifyInstance, deps: RelayRouteDeps): void {
  const { relay } = deps;
  app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof RelayError || error instanceof UpstreamError) {
        return sendRelayError(request, reply, error);
      }
      // A body refused by its parser (too large, malformed, too deep) in the route's dialect.
      const refused = bodyRefusal(error);
      if (refused) {
        if (refused.status === 413 || refused.status === 415) closeAfterAnswer(request, reply);
        return sendRelayError(request, reply, refused);
      }
      throw error;
    });
    // Every relay route reads JSON up to RELAY_BODY_LIMIT unless it says otherwise (audio).
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= deps.body.limit;
    });
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.headers(CORS_HEADERS);
      done();
    });
    registerRelayGate(scope, {
      admit: (request, key) => relay.admit(request, key),
      inFlight: deps.body.inFlight,
    });
    scope.options('/v1/*', async (_request, reply) => reply.code(204).send());
    scope.options('/v1beta/*', async (_request, reply) => reply.code(204).send());

    for (const [url, mode] of POST_ROUTES) {
      const ingress = chatIngress(mode);
      scope.post(url, (request, reply) => relay.handle(request, replySink(reply), ingress));
    }
    scope.register(async (audio) => {
      // Audio uploads go to the upstream as they came; only the model field is read. Other
      // routes have no multipart parser: such a body there is a 415, refused unread.
      audio.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer', bodyLimit: AUDIO_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      for (const [url, mode] of AUDIO_ROUTES) {
        const ingress = chatIngress(mode);
        audio.post(url, { bodyLimit: AUDIO_BODY_LIMIT }, (request, reply) =>
          relay.handle(request, replySink(reply), ingress),
        );
      }
    });
    scope.post<{ Params: { model: string } }>('/v1/engines/:model/embeddings', (request, reply) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (body && typeof body === 'object' && !body.model) body.model = request.params.model;
      return relay.handle(request, replySink(reply), embeddingsIngress);
    });

    registerMessagesRoutes(scope, relay, deps.db);
    registerGeminiRoutes(scope, relay, deps.db);
    registerResponsesRoutes(scope, { relay, db: deps.db, options: deps.options, now: deps.now });

    scope.get('/v1/models', async (request) => {
      const anthropic = wantsAnthropicModels(request);
      const caller = await relay.admit(request, anthropic ? anthropicKey(request) : undefined);
      const models = await listGroupModels(deps.db, caller.group);
      const allowed = caller.modelLimits
        ? models.filter((m) => caller.modelLimits?.has(m))
        : models;
      if (anthropic) return anthropicModelList(allowed, caller);
      return { object: 'list', data: allowed.map(modelObject) };
    });
    scope.get<{ Params: { model: string } }>('/v1/models/:model', async (request) => {
      const caller = await relay.admit(request);
      const models = await listGroupModels(deps.db, caller.group);
      const { model } = request.params;
      if (!models.includes(model) || (caller.modelLimits && !caller.modelLimits.has(model))) {
        throw new RelayError(404, 'relay.modelNotFound', 'model_not_found', { model });
      }
      return modelObject(model);
    });

    scope.get('/v1/dashboard/billing/subscription', async (request) => {
      const caller = await relay.admit(request);
      const amount = balanceOf(deps.options, caller);
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: amount,
        hard_limit_usd: amount,
        system_hard_limit_usd: amount,
        access_until: 0,
      };
    });
    scope.get('/v1/dashboard/billing/usage', async (request) => {
      const caller = await relay.admit(request);
      const used = deps.options.getBool('DisplayTokenStatEnabled')
        ? caller.tokenUsed
        : caller.userUsed;
      return { object: 'list', total_usage: (used / QUOTA_PER_DOLLAR) * 100 };
    });
  });
}

const embeddingsIngress = chatIngress('embeddings');

const modelObject = (id: string) => ({
  id,
  object: 'model',
  created: 1626777600,
  owned_by: 'switchyard',
});

/** Remaining + used, the token's when DisplayTokenStatEnabled else the user's, in dollars. */
function balanceOf(
  options: OptionsStore,
  caller: Awaited<ReturnType<RelayService['admit']>>,
): number {
  const tokenView = options.getBool('DisplayTokenStatEnabled');
  if (tokenView && caller.unlimited) return UNLIMITED_BALANCE;
  const quota = tokenView
    ? caller.tokenRemain + caller.tokenUsed
    : caller.userQuota + caller.userUsed;
  return options.getBool('DisplayInCurrencyEnabled') ? quota / QUOTA_PER_DOLLAR : quota;
}
