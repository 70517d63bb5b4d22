// The affinity name of a conversation the gateway holds (a previous_response_id whose reply it
// translated from chat): such a chain names no conversation itself (each turn names a different
// reply), so its Responses clients (Codex, the Agents SDK) would land on any channel each turn and
// lose the upstream's prompt cache. The name is a hash of the held conversation's opening (its
// system and developer messages and its first user message), not the chain's root response id:
// the opening is what every held row of the chain already starts with, so no column is needed,
// and it is the very prefix the upstream caches; new instructions change both the prefix and the
// name, so the chain then moves with its cache rather than staying on a channel that has none.
import { createHash } from 'node:crypto';
import type { Message } from '../../canonical/types';

/** The key prefix of a gateway-held chain (beside `s:`, `u:`, `i:` in affinity/conversation-key.ts). */
const CHAIN_PREFIX = 'r:';

/** The chain's affinity name, or undefined when the held conversation has no user message. */
export function heldChainKey(held: readonly Message[]): string | undefined {
  const opening: Message[] = [];
  for (const message of held) {
    if (message.role === 'system' || message.role === 'developer') opening.push(message);
    else if (message.role === 'user') {
      opening.push(message);
      return (
        CHAIN_PREFIX +
        createHash('sha256').update(JSON.stringify(opening)).digest('base64url').slice(0, 22)
      );
    }
  }
  return undefined;
}
