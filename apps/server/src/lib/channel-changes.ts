// A node-local signal that channels or abilities changed: modules/channels raises it on each write
// (and again once its transaction commits), the relay's candidate cache (relay/candidate-cache.ts)
// reads it. It lives here because domain modules do not import the relays.

let generation = 0;

/** Channels or abilities changed on this node: whatever was read of them before is stale. */
export function channelsChanged(): void {
  generation += 1;
}

/** Bumped by every channelsChanged(): a read begun under an older value is stale. */
export const channelsGeneration = (): number => generation;
