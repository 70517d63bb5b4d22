// The one table of Module Federation singletons: the shell and every remote share exactly these.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { arcoSharedModules } from './arco';

const require = createRequire(import.meta.url);

/** The subset of Module Federation's shared options this project uses. */
export interface SingletonConfig {
  singleton: true;
  requiredVersion: string | false;
  strictVersion?: boolean;
  version?: string;
  /** In the build's first chunk rather than loaded on demand. */
  eager?: boolean;
  /** false: consume only, never provide a copy (remotes, for arco); a path: provide that file. */
  import?: string | false;
  /** The name in the share scope, when the table's key is another (see providedOnly). */
  shareKey?: string;
}

const singleton = (requiredVersion: string): SingletonConfig => ({
  singleton: true,
  requiredVersion,
});

/** Workspace packages are compiled from source, so their versions are not compared. */
const workspaceSingleton: SingletonConfig = {
  singleton: true,
  requiredVersion: false,
  strictVersion: false,
};

export const SHARED_SINGLETONS = {
  react: singleton('^19.0.0'),
  'react/jsx-runtime': singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  // React 19 keeps the reconciler behind react-dom/client.
  'react-dom/client': singleton('^19.0.0'),
  // Shared as a surface (see SURFACES below): the router context is inside it, so react-router
  // itself is not shared and no app imports it directly (a test checks).
  'react-router-dom': singleton('^7.0.0'),
  zustand: singleton('^5.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  i18next: singleton('^27.0.0'),
  'react-i18next': singleton('^18.0.0'),
  axios: singleton('^1.0.0'),
  // zod and the contracts' schemas (`@switchyard/contracts/schemas`) are not shared: they hold no
  // state the console shares, and a shared module is never tree-shaken (all of zod with every
  // locale was 71 KiB brotli on the sign-in page; all the schemas with the zod they use, 26 KiB and
  // a round trip of their own). Each page bundles the schemas it validates with and what of zod
  // those use, in its own file.
  '@switchyard/console-kit': workspaceSingleton,
  // Separate, so the list table (arco's Table, Pagination, Checkbox) and the quota input
  // (InputNumber) load with the first page that renders them, not with the shell's start.
  '@switchyard/console-kit/list': workspaceSingleton,
  '@switchyard/console-kit/quota-input': workspaceSingleton,
  '@switchyard/contracts': workspaceSingleton,
} as const satisfies Record<string, SingletonConfig>;

export type SharedSingletonName = keyof typeof SHARED_SINGLETONS;

/**
 * Libraries shared as a surface: the shell provides a module of its own (in `surfaces/`) that
 * re-exports the part of the library the console uses, so the library is bundled tree-shaken
 * instead of whole (a shared module keeps every export, since any remote might use any). Remotes
 * consume the shell's and never bundle a copy (`import: false`): a second router would be a second
 * context.
 */
export const SURFACES: Readonly<Partial<Record<SharedSingletonName, string>>> = {
  'react-router-dom': require.resolve('../surfaces/react-router-dom.ts'),
  'react-i18next': require.resolve('../surfaces/react-i18next.ts'),
  '@tanstack/react-query': require.resolve('../surfaces/tanstack-react-query.ts'),
};

const installedVersion = (name: string): string =>
  (require(`${name}/package.json`) as { version: string }).version;

/** The shared table of one build: the singletons plus arco, per component (see arco.ts). */
export function sharedFor(role: 'shell' | 'remote'): Record<string, SingletonConfig> {
  const table: Record<string, SingletonConfig> = {
    ...SHARED_SINGLETONS,
    ...arcoSharedModules(role === 'shell'),
  };
  // Provided by the shell from a path, so remotes bundle no copy of their own (see byPath).
  for (const [name, { file, version }] of Object.entries(byPath())) {
    table[name] = {
      ...SHARED_SINGLETONS[name as SharedSingletonName],
      version,
      import: role === 'shell' ? file : false,
    };
  }
  // The shell's eager arco modules need React synchronously, so the shell bundles React into its
  // first chunks too (it renders with it at once anyway); remotes consume it.
  if (role === 'shell') {
    for (const name of EAGER_IN_SHELL) table[name] = { ...SHARED_SINGLETONS[name], eager: true };
  }
  return table;
}

/** The console kit's version (its package.json is not among its exports). */
const kitVersion = (): string =>
  (
    JSON.parse(
      readFileSync(
        join(dirname(require.resolve('@switchyard/console-kit')), '..', 'package.json'),
        'utf8',
      ),
    ) as { version: string }
  ).version;

/**
 * The shared modules the shell provides from a file, each with the version it is provided at (a
 * module provided by path carries none of its own): the surfaces, at their library's version, and
 * the kit's sub-entries, at the kit's. No shell page imports the kit's sub-entries, and a shared
 * module is provided only once something in the build imports it: given by path, the shell
 * provides them anyway, and every remote uses the shell's, in a shell chunk the page's hints name,
 * instead of the first remote's own (which loaded only after that remote's entry had started).
 */
function byPath(): Record<string, { file: string; version: string }> {
  const kit = kitVersion();
  return {
    ...Object.fromEntries(
      Object.entries(SURFACES).map(([name, file]) => [
        name,
        { file: file ?? '', version: installedVersion(name) },
      ]),
    ),
    '@switchyard/console-kit/list': {
      file: require.resolve('@switchyard/console-kit/list'),
      version: kit,
    },
    '@switchyard/console-kit/quota-input': {
      file: require.resolve('@switchyard/console-kit/quota-input'),
      version: kit,
    },
  };
}

const EAGER_IN_SHELL = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/** The prefix of the shell's keys in providedOnly: a request no code imports. */
export const PROVIDED_ONLY_PREFIX = '@switchyard-provided/';

/**
 * The shell's table as its build takes it: every module provided under its name, none consumed.
 * A key is the request the build consumes through the federation runtime, so a key no code imports
 * leaves the shell's own imports plain: the shell starts first and provides every singleton, so
 * consuming its own modules only repeated, for each of some 60 imports at start, the runtime's
 * share lookup (its hooks and version checks) to find the module it had itself just registered.
 * The module provided and the one the shell imports are one module (the same file), so remotes
 * still get the shell's instance; the surfaces are the shell's imports too (an alias in its build).
 */
export function providedOnly(
  table: Record<string, SingletonConfig>,
): Record<string, SingletonConfig> {
  return Object.fromEntries(
    Object.entries(table).map(([name, config]) => [
      `${PROVIDED_ONLY_PREFIX}${name}`,
      { ...config, shareKey: name, import: config.import === undefined ? name : config.import },
    ]),
  );
}
