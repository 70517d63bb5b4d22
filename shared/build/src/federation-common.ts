// What the shell's and every remote's build have in common: the shared table, how shared modules
// are picked, one federation runtime, and the Arco import rewriting.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ARCO_IMPORT_REWRITES, ARCO_REMOTE_IMPORT_REWRITES } from './arco';
import { buildDefines } from './build-id';
import { providedOnly, sharedFor } from './shared-deps';

export type FederationRole = 'shell' | 'remote';

export function federationCommon(role: FederationRole) {
  return {
    shared: role === 'shell' ? providedOnly(sharedFor('shell')) : sharedFor('remote'),
    // Use what is already loaded; 'version-first' would fetch every registered remote's entry at
    // start to compare versions, and a browser must load only the remotes it opens.
    shareStrategy: 'loaded-first' as const,
    dts: false,
    // The shell hands its federation runtime to the remotes, so a remote entry does not carry a
    // second copy (about 17 KiB gzip less per remote; remotes only ever run inside the shell).
    experiments: {
      ...(role === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: true }),
      optimization: {
        // Browser only: the runtime's Node script loading is left out.
        target: 'web' as const,
        // A remote loads no remotes of its own: its entry leaves out the code that would.
        ...(role === 'remote' ? { disableRemote: true } : {}),
      },
    },
  };
}

/** Build constants and import rewriting for an app rooted at `root`. */
export const appSource = (root: string, role: FederationRole) => ({
  define: buildDefines(root),
  transformImport: role === 'shell' ? ARCO_IMPORT_REWRITES : ARCO_REMOTE_IMPORT_REWRITES,
});

const require = createRequire(import.meta.url);

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * Module replacements of every app: the browser's own ResizeObserver instead of the polyfill, and
 * the name under which a surface (shared-deps.ts) imports the library it stands for.
 */
export const appResolve = {
  alias: {
    'resize-observer-polyfill$': require.resolve('../surfaces/native-resize-observer.ts'),
    '@switchyard-surface-source/react-i18next$': join(
      packageDir('react-i18next'),
      'dist/es/index.js',
    ),
    '@switchyard-surface-source/tanstack-react-query$': join(
      packageDir('@tanstack/react-query'),
      'build/modern/index.js',
    ),
  },
};
