// Reads /remotes.json at run time and registers each remote's manifest with the federation runtime.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID, parseRemoteMap, type RemoteEntry } from '@switchyard/contracts';

/** The map the server embedded in index.html (current when the page was served), if any. */
function inlineRemoteMap(): RemoteEntry[] | null {
  const text = document.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemoteMap(JSON.parse(text))?.remotes ?? null;
  } catch {
    return null;
  }
}

async function fetchRemoteMap(): Promise<RemoteEntry[]> {
  const reply = await fetch('/remotes.json', { cache: 'no-store' });
  if (!reply.ok) throw new Error(`/remotes.json answered HTTP ${reply.status}`);
  const map = parseRemoteMap(await reply.json());
  if (!map) throw new Error('/remotes.json is not { remotes: [{ name, entry }] }');
  return map.remotes;
}

/**
 * Registers every remote of /remotes.json. `reload` names a remote to register again with `force`,
 * which drops what the runtime cached for it (a failed manifest, a stale entry), so a retry really
 * loads it again; the other remotes keep their registrations. When the map cannot be read, nothing
 * is registered and each remote page shows its fallback.
 */
export async function registerRemoteMap(options: { reload?: string } = {}): Promise<string[]> {
  try {
    // At start the embedded map saves a round trip; a retry reads the file again for a new entry.
    const remotes = (!options.reload && inlineRemoteMap()) || (await fetchRemoteMap());
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
