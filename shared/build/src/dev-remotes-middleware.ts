// Shell dev server: answer /remotes.json itself when SWITCHYARD_DEV_REMOTES names remotes whose
// own dev servers (3101–3105) should replace the builds the API server hosts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RsbuildConfig } from '@rsbuild/core';
import { DEV_API_TARGET, DEV_PORTS, isRemoteName, REMOTE_NAMES, type RemoteName } from './remotes';

type ServerSetup = NonNullable<NonNullable<RsbuildConfig['server']>['setup']>;
type ServerSetupFn = Exclude<ServerSetup, unknown[]>;

interface RemoteEntry {
  name: string;
  entry: string;
}

/** Parses `account,billing` or `all` into remote names; unknown names are ignored. */
export function parseDevRemotes(value: string | undefined): RemoteName[] {
  if (!value) return [];
  if (value.trim() === 'all') return [...REMOTE_NAMES];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(isRemoteName);
}

/** Points each named remote at its dev server; keeps every other entry as the server gave it. */
export function overrideRemotes(base: RemoteEntry[], devRemotes: RemoteName[]): RemoteEntry[] {
  const known = new Map(base.map((remote) => [remote.name, remote]));
  for (const name of REMOTE_NAMES) {
    if (!known.has(name)) known.set(name, { name, entry: `/remotes/${name}/mf-manifest.json` });
  }
  for (const name of devRemotes) {
    known.set(name, { name, entry: `http://localhost:${DEV_PORTS[name]}/mf-manifest.json` });
  }
  return [...known.values()];
}

async function fetchServerRemotes(): Promise<RemoteEntry[]> {
  try {
    const reply = await fetch(`${DEV_API_TARGET}/remotes.json`);
    if (!reply.ok) return [];
    const body = (await reply.json()) as { remotes?: RemoteEntry[] };
    return body.remotes ?? [];
  } catch {
    return [];
  }
}

/** `server.setup` of the shell: runs before the proxy, so it can answer /remotes.json itself. */
export const devRemotesSetup: ServerSetupFn = ({ action, server }) => {
  const devRemotes = parseDevRemotes(process.env.SWITCHYARD_DEV_REMOTES);
  if (action !== 'dev' || devRemotes.length === 0) return; // the proxy forwards /remotes.json
  server.middlewares.use(
    (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      if (req.url?.split('?')[0] !== '/remotes.json') return next();
      fetchServerRemotes()
        .then((base) => {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ remotes: overrideRemotes(base, devRemotes) }));
        })
        .catch(next);
    },
  );
};
