// The one table of Module Federation singletons: the shell and every remote share exactly these.
import { arcoSharedModules } from './arco';

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
  // The router context lives in react-router; react-router-dom re-exports it. Share both.
  'react-router': singleton('^7.0.0'),
  'react-router-dom': singleton('^7.0.0'),
  zustand: singleton('^5.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  i18next: singleton('^27.0.0'),
  'react-i18next': singleton('^18.0.0'),
  axios: singleton('^1.0.0'),
  // zod is not shared: it holds no state the console shares, and a shared module is never
  // tree-shaken (all of zod with every locale, 71 KiB brotli, on the sign-in page). Each build
  // bundles what the contracts' schemas use into the schemas module below.
  '@switchyard/console-kit': workspaceSingleton,
  // Separate, so the list table (arco's Table, Pagination, Checkbox) and the quota input
  // (InputNumber) load with the first page that renders them, not with the shell's start.
  '@switchyard/console-kit/list': workspaceSingleton,
  '@switchyard/console-kit/quota-input': workspaceSingleton,
  '@switchyard/contracts': workspaceSingleton,
  // Separate, so the zod schemas (and zod) load only with the first page that validates a form.
  '@switchyard/contracts/schemas': workspaceSingleton,
} as const satisfies Record<string, SingletonConfig>;

export type SharedSingletonName = keyof typeof SHARED_SINGLETONS;

/** The shared table of one build: the singletons plus arco, per component (see arco.ts). */
export function sharedFor(role: 'shell' | 'remote'): Record<string, SingletonConfig> {
  const table: Record<string, SingletonConfig> = {
    ...SHARED_SINGLETONS,
    ...arcoSharedModules(role === 'shell'),
  };
  // The shell's eager arco modules need React synchronously, so the shell bundles React into its
  // first chunk too (it renders with it at once anyway); remotes still consume it.
  if (role === 'shell') {
    for (const name of EAGER_IN_SHELL) table[name] = { ...SHARED_SINGLETONS[name], eager: true };
  }
  return table;
}

const EAGER_IN_SHELL = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;
