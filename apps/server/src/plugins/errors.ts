// One place that turns every failure into an envelope (or an OpenAI-style error on relay paths).
import type { ValidationReplyData } from '@switchyard/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, type MessageKey, translate } from '../i18n';
import { fail } from '../lib/envelope';
import { AppError, ValidationError } from '../lib/errors';
import { describeValidation, fieldErrors } from '../lib/validation';
import { MAX_JSON_DEPTH } from './json-body';

/** Fastify's own request errors that mean "bad input", with the status and message they get. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'request.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'request.emptyBody' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'request.bodyTooLarge' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'request.failed' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'request.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, key: 'request.unsupportedMediaType' },
  FST_ERR_BAD_URL: { status: 400, key: 'request.failed' },
  SY_JSON_TOO_DEEP: { status: 400, key: 'request.jsonTooDeep' },
};

/** Relay paths answer in the OpenAI error format clients of /v1 expect. */
const RELAY_PREFIXES = ['/v1/', '/mj/', '/suno/'];
export const isRelayPath = (path: string): boolean =>
  path === '/v1' || RELAY_PREFIXES.some((prefix) => path.startsWith(prefix));

export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

interface Rendered {
  status: number;
  message: string;
  /** A validation reply's bad fields (`data.fields`), so a form can show each under its field. */
  data?: ValidationReplyData;
}

function render(error: unknown, request: FastifyRequest): Rendered {
  const language = languageOf(request);
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: translate(language, error.messageKey, error.params),
    };
  }
  if (error instanceof ValidationError) {
    return {
      status: 400,
      message: describeValidation(error.issues, language),
      data: { fields: fieldErrors(error.issues, language) },
    };
  }
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  const known = typeof code === 'string' ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) {
    return {
      status: known.status,
      message: translate(language, known.key, { max: MAX_JSON_DEPTH }),
    };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: translate(language, 'request.failed') };
  }
  request.log.error({ err: error }, 'unexpected error');
  return { status: 500, message: translate(language, 'server.internalError') };
}

function openAiError(message: string, code: string) {
  return { error: { message, type: 'invalid_request_error', code } };
}

function sendError(request: FastifyRequest, reply: FastifyReply, rendered: Rendered) {
  reply.code(rendered.status);
  if (isRelayPath(pathOf(request))) {
    const code = rendered.status === 429 ? 'rate_limit_exceeded' : 'invalid_request';
    return reply.send(openAiError(rendered.message, code));
  }
  return reply.send(fail(rendered.message, rendered.data));
}

/** A fallback for paths that are neither API nor relay (the console's history fallback). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** For Fastify's `frameworkErrors` option: errors raised before routing (e.g. a malformed URL). */
export function handleFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, render(error, request));
}

export function registerErrorHandling(app: FastifyInstance, fallback: NotFoundFallback): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, render(error, request)));

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    const message = translate(languageOf(request), 'request.notFound');
    if (isRelayPath(path)) return reply.code(404).send(openAiError(message, 'not_found'));
    if (path === '/api' || path.startsWith('/api/')) return reply.code(404).send(fail(message));
    return fallback(request, reply);
  });
}

/** Headers every reply carries; /api replies are never cached. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: every reply passes through it, and an async hook makes
  // Fastify write the reply a microtask later, so whoever awaits the reply waits for its 'finish'.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    const path = pathOf(request);
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
