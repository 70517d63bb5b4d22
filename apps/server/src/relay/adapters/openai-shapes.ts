// OpenAI reply shapes the translating adapters (Anthropic, Gemini) produce.
import type { Usage } from '../billing';

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

export function completionBody(
  id: string,
  model: string,
  text: string,
  finish: FinishReason,
  usage: Usage | undefined,
): string {
  return JSON.stringify({
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
    usage: usageFields(usage ?? { promptTokens: 0, completionTokens: 0 }),
  });
}

export function chunkBody(
  id: string,
  model: string,
  delta: Record<string, unknown>,
  finish: FinishReason = null,
): string {
  return JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
}

export function usageChunkBody(id: string, model: string, usage: Usage): string {
  return JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [],
    usage: usageFields(usage),
  });
}

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

/** The system messages joined (Anthropic and Gemini take them apart from the conversation). */
export const systemText = (messages: readonly ChatMessage[]): string =>
  messages
    .filter((message) => message.role === 'system')
    .map((message) => messageText(message.content))
    .join('\n');

export const conversation = (messages: readonly ChatMessage[]): ChatMessage[] =>
  messages.filter((message) => message.role !== 'system');
