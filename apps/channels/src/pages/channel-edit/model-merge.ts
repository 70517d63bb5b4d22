// How a fetched upstream model list meets the channel's current one: the editor shows the three
// parts and applies the admin's choice, instead of replacing the list silently.

export interface ModelMerge {
  /** Offered by the upstream, not on the channel yet. */
  added: string[];
  /** On the channel and still offered. */
  kept: string[];
  /** On the channel, no longer offered (or a custom name the upstream never listed). */
  gone: string[];
}

export function mergeModels(current: readonly string[], fetched: readonly string[]): ModelMerge {
  const offered = new Set(fetched);
  const have = new Set(current);
  return {
    added: [...new Set(fetched)].filter((model) => !have.has(model)),
    kept: current.filter((model) => offered.has(model)),
    gone: current.filter((model) => !offered.has(model)),
  };
}

/** The channel's list after the admin's choice: the current order, removals out, additions last. */
export function applyMerge(
  current: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): string[] {
  const removed = new Set(remove);
  const kept = current.filter((model) => !removed.has(model));
  return [...new Set([...kept, ...add])];
}
