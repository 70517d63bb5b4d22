// Whose thinking signature a canonical thinking block carries. Anthropic's are kept as they come
// (a thinking block's signature is Anthropic's unless marked); Gemini's thoughtSignature of a
// text part rides in a thinking block too, marked, so a client of another dialect (a Messages
// thinking block, a kept or sealed Responses reasoning item) brings it back to Gemini, and no
// provider is sent a signature another made (it would refuse the turn).
import type { ThinkingBlock } from './types';

const GEMINI = 'gemini.';

/** A Gemini text part's signature as a thinking block (with the thought text it closed). */
export const geminiThinking = (signature: string, thinking = ''): ThinkingBlock => ({
  type: 'thinking',
  thinking,
  signature: GEMINI + signature,
});

/** The marked form of a Gemini signature, as a stream's thinking_signature delta. */
export const geminiSignature = (signature: string): string => GEMINI + signature;

/** The Gemini signature a block carries, if it carries one. */
export function geminiSignatureOf(block: ThinkingBlock): string | undefined {
  const signature = block.type === 'thinking' ? block.signature : undefined;
  return signature?.startsWith(GEMINI) ? signature.slice(GEMINI.length) : undefined;
}

/**
 * A Messages request body as received, without the thinking blocks that carry Gemini's
 * signatures (a conversation begun on Gemini and continued on Claude); the same object when it
 * has none.
 */
export function withoutGeminiThinking(raw: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(raw.messages)) return raw;
  type Turn = { content?: unknown } | null;
  const gemini = (block: ThinkingBlock | null) => !!block && geminiSignatureOf(block) !== undefined;
  const signed = (message: Turn): message is { content: ThinkingBlock[] } =>
    Array.isArray(message?.content) && message.content.some(gemini);
  const messages = raw.messages as Turn[];
  // Most bodies have none: they are forwarded without a copy.
  if (!messages.some(signed)) return raw;
  return {
    ...raw,
    messages: messages.map((message) =>
      signed(message)
        ? { ...message, content: message.content.filter((block) => !gemini(block)) }
        : message,
    ),
  };
}

/** The blocks an Anthropic model can check: Gemini's are left out. */
export const anthropicThinking = (blocks: ThinkingBlock[] | undefined): ThinkingBlock[] =>
  (blocks ?? []).filter((block) => geminiSignatureOf(block) === undefined);
