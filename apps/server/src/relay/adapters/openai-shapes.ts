// OpenAI chat message shapes and small readers the native providers' adapters share.
import type { Usage } from '../canonical/usage';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;

export interface ChatMessagePart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
}

export interface ChatMessage {
  role?: string;
  content?: string | ChatMessagePart[] | null;
}

export const usageFields = (usage: Usage) => ({
  prompt_tokens: usage.promptTokens,
  completion_tokens: usage.completionTokens,
  total_tokens: usage.promptTokens + usage.completionTokens,
});

/** The text of an OpenAI message content, parts joined. */
export function messageText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/** A data: URL split into its media type and base64 payload, or null for any other URL. */
export function dataUrl(url: string): { mediaType: string; data: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] ?? '', data: match[2] ?? '' } : null;
}

export const imageUrlOf = (part: ChatMessagePart): string =>
  typeof part.image_url === 'string' ? part.image_url : (part.image_url?.url ?? '');

export const stopList = (stop: unknown): string[] | undefined =>
  typeof stop === 'string' ? [stop] : Array.isArray(stop) ? (stop as string[]) : undefined;
