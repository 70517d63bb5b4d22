// Usage: the token counts a relayed request reports (the record billing prices), and the way
// between it and the canonical (OpenAI) usage fields. The ledger imports the type from here.
import type { TokenUsage } from '@switchyard/contracts/pricing';
import type { ChatUsage } from './types';

/** Token counts as the relay records them (the contracts' TokenUsage). */
export type Usage = TokenUsage;

/** The canonical usage fields of a billing usage (details only where non-zero). */
export function chatUsageOf(usage: Usage): ChatUsage {
  const out: ChatUsage = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
  if (usage.cachedTokens || usage.cacheWriteTokens) {
    out.prompt_tokens_details = { cached_tokens: usage.cachedTokens ?? 0 };
    if (usage.cacheWriteTokens) {
      out.prompt_tokens_details.cache_write_tokens = usage.cacheWriteTokens;
      if (usage.cacheWrite1hTokens) {
        out.prompt_tokens_details.cache_write_1h_tokens = usage.cacheWrite1hTokens;
      }
    }
  }
  if (usage.reasoningTokens) {
    out.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  }
  return out;
}

/** The billing usage of canonical usage fields; undefined when they report nothing. */
export function usageOfChat(raw: Partial<ChatUsage> | null | undefined): Usage | undefined {
  if (!raw) return undefined;
  const promptTokens = raw.prompt_tokens ?? 0;
  const completionTokens =
    raw.completion_tokens ?? Math.max(0, (raw.total_tokens ?? 0) - promptTokens);
  if (promptTokens === 0 && completionTokens === 0) return undefined;
  const usage: Usage = { promptTokens, completionTokens };
  const details = raw.prompt_tokens_details;
  if (details?.cached_tokens) usage.cachedTokens = details.cached_tokens;
  if (details?.cache_write_tokens) usage.cacheWriteTokens = details.cache_write_tokens;
  if (details?.cache_write_1h_tokens) usage.cacheWrite1hTokens = details.cache_write_1h_tokens;
  const reasoning = raw.completion_tokens_details?.reasoning_tokens;
  if (reasoning) usage.reasoningTokens = reasoning;
  return usage;
}
