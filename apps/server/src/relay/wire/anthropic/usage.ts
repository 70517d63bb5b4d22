// Anthropic usage ↔ the billing record: Anthropic counts input apart from cache reads and
// writes; the canonical prompt count includes both.

import type { FinishReason } from '../../canonical/types';
import type { Usage } from '../../canonical/usage';
import type { AnthropicStopReason, AnthropicUsage } from './wire';

export function usageFromAnthropic(raw: AnthropicUsage | undefined): Usage | undefined {
  if (!raw) return undefined;
  const cached = raw.cache_read_input_tokens ?? 0;
  const written = raw.cache_creation_input_tokens ?? 0;
  const usage: Usage = {
    promptTokens: (raw.input_tokens ?? 0) + cached + written,
    completionTokens: raw.output_tokens ?? 0,
  };
  if (cached) usage.cachedTokens = cached;
  if (written) usage.cacheWriteTokens = written;
  const hour = raw.cache_creation?.ephemeral_1h_input_tokens ?? 0;
  if (hour) usage.cacheWrite1hTokens = hour;
  return usage;
}

export function usageToAnthropic(usage: Usage): AnthropicUsage {
  const cached = usage.cachedTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const hour = usage.cacheWrite1hTokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.promptTokens - cached - written),
    cache_creation_input_tokens: written,
    cache_read_input_tokens: cached,
    ...(written
      ? {
          cache_creation: {
            ephemeral_5m_input_tokens: written - hour,
            ephemeral_1h_input_tokens: hour,
          },
        }
      : {}),
    output_tokens: usage.completionTokens,
  };
}

const FINISH: Record<AnthropicStopReason, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export const finishFromAnthropic = (reason: AnthropicStopReason | null | undefined) =>
  reason ? (FINISH[reason] ?? 'stop') : null;

const STOP: Record<FinishReason, AnthropicStopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  content_filter: 'refusal',
};

export const stopToAnthropic = (finish: FinishReason | null): AnthropicStopReason =>
  finish ? STOP[finish] : 'end_turn';
