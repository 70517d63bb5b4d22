// What the shell's and every remote's build have in common: the shared table, how shared modules
// are picked, one federation runtime, and the Arco import rewriting.
import { ARCO_IMPORT_REWRITES } from './arco';
import { buildDefines } from './build-id';
import { sharedFor } from './shared-deps';

export type FederationRole = 'shell' | 'remote';

export function federationCommon(role: FederationRole) {
  return {
    shared: sharedFor(role),
    // Use what is already loaded; 'version-first' would fetch every registered remote's entry at
    // start to compare versions, and a browser must load only the remotes it opens.
    shareStrategy: 'loaded-first' as const,
    dts: false,
    // The shell hands its federation runtime to the remotes, so a remote entry does not carry a
    // second copy (about 17 KiB gzip less per remote; remotes only ever run inside the shell).
    experiments: role === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: true },
  };
}

/** Build constants and import rewriting for an app rooted at `root`. */
export const appSource = (root: string) => ({
  define: buildDefines(root),
  transformImport: ARCO_IMPORT_REWRITES,
});
