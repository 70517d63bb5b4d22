// GET /remotes.json: the runtime map from remote name to its Module Federation manifest URL.

/** The console's remotes, each its own build loaded at run time by the shell. */
export const REMOTE_NAMES = [
  'account',
  'billing',
  'channels',
  'observability',
  'settings',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const isRemoteName = (value: string): value is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(value);

export interface RemoteEntry {
  name: string;
  /** Manifest URL, relative to the console origin or absolute (another host or version). */
  entry: string;
}

export interface RemoteMap {
  remotes: RemoteEntry[];
}

/** The id of the `<script type="application/json">` element in which the server embeds the remote
 * map in the console's index.html: data, not code, so a CSP with script-src 'self' allows it. */
export const INLINE_REMOTES_ID = 'sy-remotes';

/** Where the server serves a remote's own build by default. */
export const defaultRemoteEntry = (name: string): string => `/remotes/${name}/mf-manifest.json`;

export const DEFAULT_REMOTE_MAP: RemoteMap = {
  remotes: REMOTE_NAMES.map((name) => ({ name, entry: defaultRemoteEntry(name) })),
};

const isEntry = (value: unknown): value is RemoteEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const { name, entry } = value as Record<string, unknown>;
  return typeof name === 'string' && name !== '' && typeof entry === 'string' && entry !== '';
};

/**
 * Reads a /remotes.json document; null when it is not `{ remotes: [{ name, entry }] }`.
 * Hand-written rather than a zod schema: the shell runs it at boot, before any page needs zod.
 */
export function parseRemoteMap(value: unknown): RemoteMap | null {
  if (typeof value !== 'object' || value === null) return null;
  const { remotes } = value as Record<string, unknown>;
  if (!Array.isArray(remotes) || !remotes.every(isEntry)) return null;
  return { remotes: remotes.map(({ name, entry }) => ({ name, entry })) };
}
