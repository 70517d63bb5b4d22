// OpenAI's rate-limit headers and the refusal a limited request gets (429 + Retry-After).
import type { Language } from '@switchyard/contracts';
import { type MessageKey, type MessageParams, translate } from '../../i18n';

/** One limit as the headers describe it. */
export interface LimitReading {
  limit: number;
  remaining: number;
  /** Unix ms when it resets. */
  resetMs: number;
}

/** OpenAI's duration style: "20ms", "1s", "6m0s", "1h2m3s". */
export function formatResetDuration(ms: number): string {
  const clamped = Math.max(0, Math.ceil(ms));
  if (clamped < 1000) return `${clamped}ms`;
  const seconds = Math.ceil(clamped / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/** The tightest reading: the one with the least left, the earliest reset breaking a tie. */
export function tightest(readings: readonly LimitReading[]): LimitReading | undefined {
  let best: LimitReading | undefined;
  for (const reading of readings) {
    if (
      !best ||
      reading.remaining < best.remaining ||
      (reading.remaining === best.remaining && reading.resetMs < best.resetMs)
    ) {
      best = reading;
    }
  }
  return best;
}

export function rateLimitHeaders(
  requests: LimitReading | undefined,
  tokens: LimitReading | undefined,
  nowMs: number,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [kind, reading] of [
    ['requests', requests],
    ['tokens', tokens],
  ] as const) {
    if (!reading) continue;
    headers[`x-ratelimit-limit-${kind}`] = String(reading.limit);
    headers[`x-ratelimit-remaining-${kind}`] = String(Math.max(0, reading.remaining));
    headers[`x-ratelimit-reset-${kind}`] = formatResetDuration(reading.resetMs - nowMs);
  }
  return headers;
}

export type LimitKind = 'rpm' | 'tpm' | 'group_rpm' | 'group_tpm' | 'concurrency' | 'window';

const MESSAGE_KEYS: Record<LimitKind, MessageKey> = {
  rpm: 'limits.rpm',
  tpm: 'limits.tpm',
  group_rpm: 'limits.groupRpm',
  group_tpm: 'limits.groupTpm',
  concurrency: 'limits.concurrency',
  window: 'limits.window',
};

/**
 * A refused admission: what the relay's error renderer needs to answer in the caller's dialect.
 * `code` is OpenAI's (`rate_limit_exceeded`, or `insufficient_quota` for a spent window).
 */
export class LimitRefusal {
  readonly status = 429;
  readonly code: string;
  readonly type = 'rate_limit_exceeded';

  constructor(
    readonly kind: LimitKind,
    readonly retryAfterSeconds: number,
    /** The x-ratelimit-* headers plus Retry-After. */
    readonly headers: Record<string, string>,
    private readonly params: MessageParams,
  ) {
    this.code = kind === 'window' ? 'insufficient_quota' : 'rate_limit_exceeded';
    this.headers = { ...headers, 'retry-after': String(retryAfterSeconds) };
  }

  message(language: Language): string {
    return translate(language, MESSAGE_KEYS[this.kind], {
      ...this.params,
      seconds: this.retryAfterSeconds,
    });
  }

  /** The error as the OpenAI dialect renders it. */
  openAiBody(language: Language) {
    return {
      error: { message: this.message(language), type: this.type, param: null, code: this.code },
    };
  }

  /** Anthropic Messages' 429: `rate_limit_error`. */
  anthropicBody(language: Language) {
    return { type: 'error', error: { type: 'rate_limit_error', message: this.message(language) } };
  }

  /** Gemini's 429: status RESOURCE_EXHAUSTED. */
  geminiBody(language: Language) {
    return {
      error: { code: 429, message: this.message(language), status: 'RESOURCE_EXHAUSTED' },
    };
  }
}
