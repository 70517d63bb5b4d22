// A developer's override of where one remote loads from (README "Develop one remote alone"): a
// localStorage entry `remote-overrides` = `{ "<remote>": "<manifest URL>" }`, set by the developer
// in their own browser. Read from storage only — never from a link, a query parameter or the page's
// address — and applied only when its URL's origin is one the server allows (REMOTE_OVERRIDE_ORIGINS,
// by default this machine), so no page or link can point another user's console at other code.
import {
  DEFAULT_OVERRIDE_ORIGINS,
  isRemoteName,
  overrideAllowed,
  REMOTE_OVERRIDES_KEY,
  type RemoteEntry,
} from '@switchyard/contracts';

export interface OverrideState {
  /** Remotes loaded from the developer's URL instead of the server's. */
  active: RemoteEntry[];
  /** Entries whose origin is not allowed: ignored. */
  refused: RemoteEntry[];
}

let state: OverrideState = { active: [], refused: [] };

/** What the last registration applied and refused (for the badge). */
export const overrideState = (): OverrideState => state;

/** The stored overrides of known remotes; anything malformed counts as none. */
export function readOverrides(storage: Pick<Storage, 'getItem'>): RemoteEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(REMOTE_OVERRIDES_KEY) ?? 'null');
  } catch {
    return [];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([name, entry]) => isRemoteName(name) && typeof entry === 'string' && entry !== '')
    .map(([name, entry]) => ({ name, entry: entry as string }));
}

/** The map with each allowed override in place of the server's entry. */
export function applyOverrides(
  remotes: RemoteEntry[],
  overrides: RemoteEntry[],
  sources: readonly string[] = DEFAULT_OVERRIDE_ORIGINS,
): { remotes: RemoteEntry[] } & OverrideState {
  const active = overrides.filter((override) => overrideAllowed(override.entry, sources));
  const refused = overrides.filter((override) => !active.includes(override));
  const byName = new Map(active.map((override) => [override.name, override.entry]));
  return {
    remotes: remotes.map((remote) => ({
      ...remote,
      entry: byName.get(remote.name) ?? remote.entry,
    })),
    active,
    refused,
  };
}

/** Applies the stored overrides to the map the server gave, and remembers what was applied. */
export function withStoredOverrides(
  remotes: RemoteEntry[],
  sources: readonly string[] | undefined,
  storage: Pick<Storage, 'getItem'> = localStorage,
): RemoteEntry[] {
  const result = applyOverrides(remotes, readOverrides(storage), sources);
  for (const { name, entry } of result.refused) {
    console.warn(`[console] override of ${name} refused: ${entry} is not an allowed origin`);
  }
  state = { active: result.active, refused: result.refused };
  return result.remotes;
}

export function clearOverrides(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(REMOTE_OVERRIDES_KEY);
}
