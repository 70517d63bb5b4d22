// Gemini usageMetadata and finish reasons ↔ the canonical ones. Gemini counts thoughts apart
// from candidates; the canonical completion count includes them.

import type { FinishReason } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import type { GeminiUsage } from './wire';

export function usageFromGemini(raw: GeminiUsage | undefined): Usage | undefined {
  if (!raw) return undefined;
  const thoughts = raw.thoughtsTokenCount ?? 0;
  const usage: Usage = {
    promptTokens: (raw.promptTokenCount ?? 0) + (raw.toolUsePromptTokenCount ?? 0),
    completionTokens: (raw.candidatesTokenCount ?? 0) + thoughts,
  };
  if (raw.cachedContentTokenCount) usage.cachedTokens = raw.cachedContentTokenCount;
  if (thoughts) usage.reasoningTokens = thoughts;
  return usage;
}

export function usageToGemini(usage: Usage): GeminiUsage {
  const thoughts = usage.reasoningTokens ?? 0;
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens - thoughts,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens ? { cachedContentTokenCount: usage.cachedTokens } : {}),
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
  };
}

const BLOCKED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
]);

export function finishFromGemini(
  reason: string | undefined,
  hasCalls: boolean,
): FinishReason | null {
  if (!reason || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (BLOCKED.has(reason)) return 'content_filter';
  return hasCalls ? 'tool_calls' : 'stop';
}

const FINISH: Record<FinishReason, string> = {
  stop: 'STOP',
  tool_calls: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
};

export const finishToGemini = (finish: FinishReason | null): string =>
  finish ? FINISH[finish] : 'STOP';
