// GET /remotes.json: the runtime map from remote name to its Module Federation manifest URL.
import { z } from 'zod';

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

/** Where the server serves a remote's own build by default. */
export const defaultRemoteEntry = (name: string): string => `/remotes/${name}/mf-manifest.json`;

export const remoteEntrySchema = z.object({
  name: z.string().min(1),
  /** Manifest URL, relative to the console origin or absolute (another host or version). */
  entry: z.string().min(1),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remoteMapSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemoteMap = z.infer<typeof remoteMapSchema>;

export const DEFAULT_REMOTE_MAP: RemoteMap = {
  remotes: REMOTE_NAMES.map((name) => ({ name, entry: defaultRemoteEntry(name) })),
};
