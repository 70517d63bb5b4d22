// The shell's route table names pages as `remote/Module`; each remote exposes `./Module` in its
// rsbuild config. A name on one side the other lacks would only fail in a browser, as a
// "module is unavailable" page: the console build refuses it instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REMOTES = ['account', 'billing', 'channels', 'observability', 'settings'];

/** `remote/Module` ids a route table's source names. */
export const routeModules = (source) =>
  [...source.matchAll(new RegExp(`'((?:${REMOTES.join('|')})/[A-Za-z0-9]+)'`, 'g'))].map(
    (match) => match[1],
  );

/** `./Module` keys of a remote's rsbuild config's exposes. */
export const exposedModules = (source) =>
  [...source.matchAll(/'\.\/([A-Za-z0-9]+)':/g)].map((match) => match[1]);

/** The route table's modules no remote exposes. */
export function missingRemoteModules(root, routeTableSource) {
  const exposed = new Set(
    REMOTES.flatMap((remote) =>
      exposedModules(readFileSync(join(root, 'apps', remote, 'rsbuild.config.ts'), 'utf8')).map(
        (name) => `${remote}/${name}`,
      ),
    ),
  );
  return [...new Set(routeModules(routeTableSource))].filter((id) => !exposed.has(id));
}
