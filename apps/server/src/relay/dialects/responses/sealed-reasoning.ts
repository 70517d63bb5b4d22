// A reasoning item's `encrypted_content` on a translated reply (include
// reasoning.encrypted_content): what a stateless client (store false, e.g. Codex) sends back so
// the next turn keeps the model's reasoning. OpenAI's is sealed by OpenAI; the gateway's carries
// the reply's signed thinking blocks (a signed-thinking provider such as Anthropic checks the
// signature and refuses a tool-use turn without them), opaque to the client, and is read back
// from the next request's reasoning items. The summary carries the text either way.
import type { ThinkingBlock } from '../../canonical/types';

/** Marks the gateway's own content (an OpenAI-made one means nothing to another provider). */
const PREFIX = 'swy1.';

export const SEALED_REASONING = 'reasoning.encrypted_content';

/** Whether the request asked for the reasoning items' encrypted_content. */
export const wantsSealedReasoning = (include: unknown): boolean =>
  Array.isArray(include) && include.includes(SEALED_REASONING);

export function sealReasoning(blocks: ThinkingBlock[]): string {
  return PREFIX + Buffer.from(JSON.stringify(blocks), 'utf8').toString('base64url');
}

/** The thinking blocks of the gateway's encrypted_content; undefined for any other. */
export function unsealReasoning(content: unknown): ThinkingBlock[] | undefined {
  if (typeof content !== 'string' || !content.startsWith(PREFIX)) return undefined;
  try {
    const blocks = JSON.parse(
      Buffer.from(content.slice(PREFIX.length), 'base64url').toString('utf8'),
    ) as unknown;
    if (!Array.isArray(blocks)) return undefined;
    // Only what a provider can check goes back: signed thinking and redacted blocks.
    return blocks.filter(
      (block): block is ThinkingBlock =>
        typeof block === 'object' &&
        block !== null &&
        ((block.type === 'thinking' && typeof block.signature === 'string' && !!block.signature) ||
          (block.type === 'redacted_thinking' && typeof block.data === 'string')),
    );
  } catch {
    return undefined;
  }
}
