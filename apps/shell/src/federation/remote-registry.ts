// Reads /remotes.json at run time and registers each remote's manifest with the federation runtime.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID, parseRemoteMap, type RemoteMap } from '@switchyard/contracts';
import { withStoredOverrides } from './remote-override';

/** The map the server embedded in index.html (current when the page was served), if any. */
function inlineRemoteMap(): RemoteMap | null {
  const text = document.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemoteMap(JSON.parse(text));
  } catch {
    return null;
  }
}

async function fetchRemoteMap(): Promise<RemoteMap> {
  const reply = await fetch('/remotes.json', { cache: 'no-store' });
  if (!reply.ok) throw new Error(`/remotes.json answered HTTP ${reply.status}`);
  const map = parseRemoteMap(await reply.json());
  if (!map) throw new Error('/remotes.json is not { remotes: [{ name, entry }] }');
  return map;
}

/**
 * Registers every remote of /remotes.json (with the developer's stored overrides). `reload` names a remote to register again with `force`,
 * which drops what the runtime cached for it (a failed manifest, a stale entry), so a retry really
 * loads it again; the other remotes keep their registrations. When the map cannot be read, nothing
 * is registered and each remote page shows its fallback.
 */
export async function registerRemoteMap(options: { reload?: string } = {}): Promise<string[]> {
  try {
    // At start the embedded map saves a round trip; a retry reads the file again for a new entry.
    const map = (!options.reload && inlineRemoteMap()) || (await fetchRemoteMap());
    // A developer's own override of one remote (remote-override.ts), where the server allows it.
    const remotes = withStoredOverrides(map.remotes, map.override_origins);
    const reloaded = remotes.filter((remote) => remote.name === options.reload);
    registerRemotes(
      remotes.filter((remote) => remote.name !== options.reload),
      { force: false },
    );
    if (reloaded.length > 0) registerRemotes(reloaded, { force: true });
    return remotes.map((remote) => remote.name);
  } catch (error) {
    console.error('[console] cannot read /remotes.json', error);
    return [];
  }
}
