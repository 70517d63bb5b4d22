// Errors of the relay in OpenAI's shape: ones the gateway raises itself and ones an upstream sent.
import type { Language } from '@switchyard/contracts';
import { type MessageKey, type MessageParams, translate } from '../i18n';
import type { LimitRefusal } from '../modules/limits';

export const LOCAL_ERROR_TYPE = 'switchyard_error';
export const UPSTREAM_ERROR_TYPE = 'upstream_error';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** A refusal by the gateway itself (admission, quota, validation): never retried. */
export class RelayError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly code: string,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = 'RelayError';
  }

  body(language: Language): OpenAiErrorBody {
    return {
      error: {
        message: translate(language, this.messageKey, this.params),
        type: LOCAL_ERROR_TYPE,
        param: typeof this.params.param === 'string' ? this.params.param : null,
        code: this.code,
      },
    };
  }
}

/** A token or group limit refused the request: 429 with Retry-After and x-ratelimit-*. */
export class LimitError extends RelayError {
  readonly headers: Record<string, string>;

  constructor(readonly refusal: LimitRefusal) {
    super(refusal.status, 'limits.rpm', refusal.code);
    this.name = 'LimitError';
    this.headers = refusal.headers;
  }

  override body(language: Language): OpenAiErrorBody {
    return this.refusal.openAiBody(language);
  }
}

/**
 * The token's quota window was spent when the reservation was taken (issue 17): nothing was
 * taken. The relay turns it into the limiter's 429 (`LimitsService.windowRefusal`).
 */
export class WindowSpentError extends Error {
  constructor() {
    super("the token's quota window is spent");
    this.name = 'WindowSpentError';
  }
}

/** An upstream's failure: its status (after status_code_mapping) and its error, OpenAI-shaped. */
export class UpstreamError extends Error {
  constructor(
    /** Status the client gets. */
    readonly status: number,
    readonly error: OpenAiErrorBody['error'],
    /** Status the upstream really sent (0 for a network failure). */
    readonly upstreamStatus: number,
  ) {
    super(error.message);
    this.name = 'UpstreamError';
  }

  body(): OpenAiErrorBody {
    return { error: this.error };
  }
}

const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Pulls an OpenAI-style error out of whatever an upstream answered with. */
export function upstreamErrorFrom(status: number, raw: string): OpenAiErrorBody['error'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const root = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined;
  const inner = (root?.error ?? root) as Record<string, unknown> | string | undefined;
  if (typeof inner === 'string') {
    return { message: inner, type: UPSTREAM_ERROR_TYPE, param: null, code: null };
  }
  const message =
    asText(inner?.message) ??
    asText(inner?.msg) ??
    asText(inner?.err) ??
    (raw.slice(0, 500) || `HTTP ${status}`);
  return {
    message,
    type: asText(inner?.type) ?? asText(inner?.status) ?? UPSTREAM_ERROR_TYPE,
    param: asText(inner?.param),
    code: asText(inner?.code),
  };
}

/** Gateway refusals for lack of quota: OpenAI's `insufficient_quota`, a status no SDK retries. */
const QUOTA_CODES = new Set([
  'insufficient_user_quota',
  'pre_consume_token_quota_failed',
  'token_exhausted',
]);
export const INSUFFICIENT_QUOTA = 'insufficient_quota';

/**
 * The language of a /v1 reply: English unless Accept-Language asks for Chinese (SDKs send no
 * Accept-Language, and their users read English).
 */
export function relayLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const header = headers['accept-language'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\s*zh/i.test(value) ? 'zh' : 'en';
}

/** Any relay failure as a status and a canonical (OpenAI chat) error. */
export function canonicalError(
  error: RelayError | UpstreamError,
  language: Language,
): { status: number; error: OpenAiErrorBody['error'] } {
  if (error instanceof UpstreamError) {
    const body = { ...error.error };
    if (error.status === 429) body.message = translate(language, 'relay.upstreamSaturated');
    return { status: error.status, error: body };
  }
  const body = error.body(language).error;
  // The gateway cannot serve now (its database unreachable, its disk full): OpenAI's type for a
  // server-side failure, which SDKs retry.
  if (error.status === 503) return { status: 503, error: { ...body, type: 'server_error' } };
  if (QUOTA_CODES.has(error.code)) {
    // OpenAI's type and code for an account out of credit, so SDKs show it and do not retry.
    return {
      status: error.status,
      error: { ...body, type: INSUFFICIENT_QUOTA, code: INSUFFICIENT_QUOTA },
    };
  }
  return { status: error.status, error: body };
}

/** The database could not be reached: a clear 503 for the request, nothing charged. */
export const databaseUnavailable = () =>
  new RelayError(503, 'relay.databaseUnavailable', 'database_unavailable');
