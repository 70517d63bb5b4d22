// The rsbuild + Module Federation config of a remote: a few lines in each remote's rsbuild.config.ts.
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_CHUNK_SPLIT } from './chunk-groups';
import { appResolve, appSource, federationCommon } from './federation-common';
import { pluginLoadManifest } from './load-manifest-plugin';
import type { RemoteName } from './remotes';

export interface RemoteConfigOptions {
  name: RemoteName;
  /** Module id (`./LoginPage`) → source file. May be empty while a remote has no pages yet. */
  exposes: Record<string, string>;
  devPort: number;
  /** The app's folder; defaults to the working directory rsbuild runs in. */
  root?: string;
}

export function defineRemoteConfig(options: RemoteConfigOptions): RsbuildConfig {
  const root = options.root ?? process.cwd();
  return defineConfig({
    root,
    plugins: [
      // The remote runs on the React its console provides, which in a deployed console is the
      // production build: JSX compiles to the production runtime in dev too (jsxDEV needs React's
      // development internals), and without React Refresh, whose runtime lives in the host. A
      // change rebuilds the remote and its dev server reloads the page.
      pluginReact({ fastRefresh: false, swcReactOptions: { development: false } }),
      pluginModuleFederation({
        name: options.name,
        exposes: options.exposes,
        ...federationCommon('remote'),
      }),
      // For its own copies of shared modules (those the shell does not provide), which shared
      // modules their chunks consume in turn: the server preloads those with the page.
      pluginLoadManifest([]),
    ],
    source: appSource(root, 'remote'),
    resolve: appResolve,
    performance: { chunkSplit: REMOTE_CHUNK_SPLIT },
    // A remote is only ever loaded through its manifest, never as a page of its own.
    tools: { htmlPlugin: false },
    server: {
      port: options.devPort,
      strictPort: true,
      // The shell's dev server fetches the manifest cross-origin, and so does any console whose
      // developer points this remote here with a local override (README "Develop one remote
      // alone"): a colleague's, staging, production.
      cors: { origin: '*' },
    },
    dev: {
      assetPrefix: `http://localhost:${options.devPort}/`,
      // Hot reload reaches this server, whichever console's page the remote runs in.
      client: { host: 'localhost', port: options.devPort, protocol: 'ws' },
    },
    // 'auto': chunks resolve relative to the manifest, so one build works from any path or host.
    // SWITCHYARD_DIST_DIR builds a release of the remote somewhere else (for example straight into
    // the server's remotes folder) without touching its usual dist.
    output: {
      assetPrefix: 'auto',
      ...(process.env.SWITCHYARD_DIST_DIR
        ? { distPath: { root: process.env.SWITCHYARD_DIST_DIR } }
        : {}),
    },
  });
}
