// The quota of a request billed by tokens (spec §9, with prompt caching): every kind of token
// weighted by its ratio against the input price, times the model and group ratios. The relay's
// billing and the console's log detail both use it, so the bill and its explanation agree.

/** What a model's tokens cost relative to its input tokens, and the ratios applied on top. */
export interface TokenPrice {
  modelRatio: number;
  groupRatio: number;
  completionRatio: number;
  /** Cached input read (CacheRatio). */
  cacheRatio: number;
  /** Input written to the cache with the 5-minute TTL (CacheCreationRatio). */
  cacheCreationRatio: number;
  /** Input written to the cache with the 1-hour TTL (CacheCreation1hRatio). */
  cacheCreation1hRatio: number;
}

/** Token counts as the relay records them: the details are parts of the two totals. */
export interface TokenUsage {
  /** All input tokens, cached reads and cache writes included. */
  promptTokens: number;
  /** All output tokens, reasoning included (reasoning is billed as completion). */
  completionTokens: number;
  cachedTokens?: number;
  /** 5-minute and 1-hour writes together. */
  cacheWriteTokens?: number;
  /** Of cacheWriteTokens, the 1-hour ones. */
  cacheWrite1hTokens?: number;
  reasoningTokens?: number;
}

/** Ratios of a model that no cache ratio option names: a read costs what input costs, writes
 * cost Anthropic's published multipliers (the only providers that report writes bill them so). */
export const FALLBACK_CACHE_RATIO = 1;
export const FALLBACK_CACHE_CREATION_RATIO = 1.25;
export const FALLBACK_CACHE_CREATION_1H_RATIO = 2;

/** The input-price-weighted token count: each part once, at its own ratio. */
export function weightedTokens(price: TokenPrice, usage: TokenUsage): number {
  const count = (value: number | undefined) => Math.max(0, value ?? 0);
  // Upstreams may report details larger than the total they belong to; never bill below zero.
  const cached = Math.min(count(usage.cachedTokens), count(usage.promptTokens));
  const writes = Math.min(count(usage.cacheWriteTokens), count(usage.promptTokens) - cached);
  const writes1h = Math.min(count(usage.cacheWrite1hTokens), writes);
  const plain = count(usage.promptTokens) - cached - writes;
  return (
    plain +
    cached * price.cacheRatio +
    (writes - writes1h) * price.cacheCreationRatio +
    writes1h * price.cacheCreation1hRatio +
    Math.round(count(usage.completionTokens) * price.completionRatio)
  );
}

/** Quota for the usage: weighted tokens × model ratio × group ratio, rounded; at least 1 when
 * any token was used and the ratio is not 0. */
export function tokenQuota(price: TokenPrice, usage: TokenUsage): number {
  const weighted = weightedTokens(price, usage);
  if (weighted === 0) return 0;
  const ratio = price.modelRatio * price.groupRatio;
  const quota = Math.round(weighted * ratio);
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}

/** The price fields of a consume log's `other` (LogOther): the ratios, and the cache and
 * reasoning token counts with their ratios when the upstream reported any. */
export function logPriceFields(
  price: TokenPrice & { modelPrice: number },
  usage: TokenUsage,
): Record<string, number> {
  const fields: Record<string, number> = {
    model_ratio: price.modelRatio,
    model_price: price.modelPrice,
    completion_ratio: price.completionRatio,
    group_ratio: price.groupRatio,
  };
  const cached = usage.cachedTokens ?? 0;
  const writes = usage.cacheWriteTokens ?? 0;
  const writes1h = Math.min(usage.cacheWrite1hTokens ?? 0, writes);
  if (cached > 0) {
    fields.cached_tokens = cached;
    fields.cache_ratio = price.cacheRatio;
  }
  if (writes > 0) {
    fields.cache_write_tokens = writes;
    if (writes > writes1h) fields.cache_creation_ratio = price.cacheCreationRatio;
  }
  if (writes1h > 0) {
    fields.cache_write_1h_tokens = writes1h;
    fields.cache_creation_1h_ratio = price.cacheCreation1hRatio;
  }
  // The prompt-cache hit (cached ÷ prompt tokens), where the upstream reports its cache at all:
  // what prompt-cache affinity is for, read in the log detail.
  if ((cached > 0 || writes > 0) && usage.promptTokens > 0) {
    fields.cache_hit_ratio = Math.round((cached / usage.promptTokens) * 10_000) / 10_000;
  }
  if ((usage.reasoningTokens ?? 0) > 0) fields.reasoning_tokens = usage.reasoningTokens ?? 0;
  return fields;
}
