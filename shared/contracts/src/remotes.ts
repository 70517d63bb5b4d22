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
  /**
   * Origins a developer may point one remote at from their own browser (the shell's local override,
   * see README "Develop one remote alone"): CSP-style sources, `http://localhost:*` or an exact
   * origin. Sent by the server when REMOTE_OVERRIDE_ORIGINS is set; DEFAULT_OVERRIDE_ORIGINS when
   * absent.
   */
  override_origins?: string[];
}

/** Where overrides may point when the server names no origins of its own: this machine. */
export const DEFAULT_OVERRIDE_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'http://127.0.0.1:*',
];

/** The localStorage entry of a developer's overrides: `{ "<remote>": "<manifest URL>" }`. */
export const REMOTE_OVERRIDES_KEY = 'remote-overrides';

/** scheme, host and port of an http(s) address; no user info (`http://localhost@evil`). */
const HTTP_ADDRESS = /^(https?):\/\/([^/?#:@\s]+)(?::(\d+))?(?:[/?#]|$)/i;

/** Whether `address` is an http(s) URL whose origin one of `sources` allows. */
export function overrideAllowed(address: string, sources: readonly string[]): boolean {
  const match = HTTP_ADDRESS.exec(address);
  if (!match) return false;
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3];
  const defaultPort = scheme === 'https' ? '443' : '80';
  const origin = `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
  return sources.some((source) => {
    const wildcard = /^(https?:\/\/[^/:*]+):\*$/i.exec(source);
    if (wildcard) return `${scheme}://${host}` === (wildcard[1] ?? '').toLowerCase();
    return origin === source.toLowerCase();
  });
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
  const origins = (value as Record<string, unknown>).override_origins;
  return {
    remotes: remotes.map(({ name, entry }) => ({ name, entry })),
    ...(Array.isArray(origins) && origins.every((origin) => typeof origin === 'string')
      ? { override_origins: origins }
      : {}),
  };
}
