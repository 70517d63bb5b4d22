// Reading a log row: its `other` JSON, the price breakdown, the latency colours of spec §9.
import type { LogOther } from '@switchyard/contracts';

export function parseOther(other: string): LogOther {
  if (!other) return {};
  try {
    const parsed = JSON.parse(other) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogOther) : {};
  } catch {
    return {};
  }
}

export type LatencyColor = 'green' | 'orange' | 'red';

/** Total use time: under 101 s green, under 300 s orange, else red. */
export const useTimeColor = (seconds: number): LatencyColor =>
  seconds < 101 ? 'green' : seconds < 300 ? 'orange' : 'red';

/** First-token time: under 3 s green, under 10 s orange, else red. */
export const firstTokenColor = (seconds: number): LatencyColor =>
  seconds < 3 ? 'green' : seconds < 10 ? 'orange' : 'red';

/** First-token seconds of a streamed request, or null when none was recorded. */
export function firstTokenSeconds(other: LogOther, isStream: boolean): number | null {
  if (!isStream || typeof other.frt !== 'number' || other.frt < 0) return null;
  return other.frt / 1000;
}

/** Prompt-cache tokens of a log: reads, 5-minute writes and 1-hour writes, with their ratios. */
export type CachePart = { kind: 'read' | 'write' | 'write1h'; tokens: number; ratio: number };

export type PriceBreakdown =
  | { kind: 'fixed'; price: number; group: number }
  | {
      kind: 'ratio';
      model: number;
      completion: number;
      group: number;
      cache: CachePart[];
      /** Reasoning tokens, part of (and billed as) the completion; 0 when none were reported. */
      reasoning: number;
    };

function cacheParts(other: LogOther): CachePart[] {
  const writes1h = other.cache_write_1h_tokens ?? 0;
  const parts: [CachePart['kind'], number | undefined, number | undefined][] = [
    ['read', other.cached_tokens, other.cache_ratio],
    ['write', (other.cache_write_tokens ?? 0) - writes1h, other.cache_creation_ratio],
    ['write1h', writes1h, other.cache_creation_1h_ratio],
  ];
  return parts.flatMap(([kind, tokens, ratio]) =>
    typeof tokens === 'number' && tokens > 0 && typeof ratio === 'number'
      ? [{ kind, tokens, ratio }]
      : [],
  );
}

/** Per-call price when the model has one (model_price > 0), else the ratios; null when absent. */
export function priceBreakdown(other: LogOther): PriceBreakdown | null {
  const group = other.group_ratio ?? 1;
  if (typeof other.model_price === 'number' && other.model_price > 0) {
    return { kind: 'fixed', price: other.model_price, group };
  }
  if (typeof other.model_ratio !== 'number') return null;
  return {
    kind: 'ratio',
    model: other.model_ratio,
    completion: other.completion_ratio ?? 1,
    group,
    cache: cacheParts(other),
    reasoning: typeof other.reasoning_tokens === 'number' ? other.reasoning_tokens : 0,
  };
}

/** The prompt-cache hit in percent (one decimal), or null when the upstream reported no cache. */
export function cacheHitPercent(other: LogOther): number | null {
  const ratio = other.cache_hit_ratio;
  if (typeof ratio !== 'number' || ratio < 0 || ratio > 1) return null;
  return Math.round(ratio * 1000) / 10;
}

/** The channels tried, in order ("3 → 7"), or '' when the log has none. */
export const retryPath = (other: LogOther): string =>
  (other.admin_info?.use_channel ?? []).join(' → ');
