// The one table of Module Federation singletons: the shell and every remote share exactly these.

/** The subset of Module Federation's shared options this project uses. */
export interface SingletonConfig {
  singleton: true;
  requiredVersion: string | false;
  strictVersion?: boolean;
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
  '@arco-design/web-react': singleton('^2.66.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  i18next: singleton('^27.0.0'),
  'react-i18next': singleton('^18.0.0'),
  axios: singleton('^1.0.0'),
  zod: singleton('^4.0.0'),
  '@switchyard/console-kit': workspaceSingleton,
  '@switchyard/contracts': workspaceSingleton,
  // Separate, so the zod schemas (and zod) load only with the first page that validates a form.
  '@switchyard/contracts/schemas': workspaceSingleton,
} as const satisfies Record<string, SingletonConfig>;

export type SharedSingletonName = keyof typeof SHARED_SINGLETONS;
