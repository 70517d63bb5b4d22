// Builders of canonical replies and chunks, for adapters that translate a provider's format.

import type {
  AssistantMessage,
  ChatChunk,
  ChatCompletion,
  ChunkDelta,
  FinishReason,
} from './types';
import type { Usage } from './usage';
import { chatUsageOf } from './usage';

const now = () => Math.floor(Date.now() / 1000);

export function completionOf(
  id: string,
  model: string,
  message: AssistantMessage,
  finish: FinishReason | null,
  usage: Usage | undefined,
): ChatCompletion {
  return {
    id,
    object: 'chat.completion',
    created: now(),
    model,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: chatUsageOf(usage ?? { promptTokens: 0, completionTokens: 0 }),
  };
}

export function chunkOf(
  id: string,
  model: string,
  delta: ChunkDelta,
  finish: FinishReason | null = null,
): ChatChunk {
  return {
    id,
    object: 'chat.completion.chunk',
    created: now(),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

/** A chunk's JSON text (what StreamTranslator.push returns). */
export const chunkText = (
  id: string,
  model: string,
  delta: ChunkDelta,
  finish: FinishReason | null = null,
): string => JSON.stringify(chunkOf(id, model, delta, finish));

/** A tool call id for providers that give none (Gemini, Ollama). */
export const newToolCallId = (): string => `call_${Math.random().toString(36).slice(2, 14)}`;

/** Arguments JSON text as an object (Anthropic input, Gemini args); {} when not an object. */
export function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The text of canonical content (string or parts). */
export function contentString(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) =>
      part.type === 'text' ? (part.text ?? '') : '',
    )
    .join('');
}

/** A data: URL split into its media type and base64 payload, or null for any other URL. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] ?? '', data: match[2] ?? '' } : null;
}

export const stopSequences = (stop: unknown): string[] | undefined =>
  typeof stop === 'string' ? [stop] : Array.isArray(stop) ? (stop as string[]) : undefined;
