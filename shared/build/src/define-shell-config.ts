// The rsbuild + Module Federation config of the shell (the host). Remotes are registered at run time.
import { resolve } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { arcoStartStylesModule, dropRightToLeftRules, lazyResultArt } from './arco';
import { SHELL_CHUNK_SPLIT } from './chunk-groups';
import { devRemotesSetup } from './dev-remotes-middleware';
import { appResolve, appSource, federationCommon } from './federation-common';
import { type LoadRoute, pluginLoadManifest } from './load-manifest-plugin';
import { DEV_API_TARGET, SHELL_DEV_PORT } from './remotes';
import { SURFACES } from './shared-deps';

export interface ShellConfigOptions {
  /** Federation runtime plugins, relative to the app root (only `import type` inside them). */
  runtimePlugins: string[];
  /** Browser tab title before the status is loaded. */
  title: string;
  /** Favicon, relative to the app root. */
  favicon?: string;
  root?: string;
  /** The route table, written into dist/load-manifest.json for the server's preload links. */
  routes: readonly LoadRoute[];
}

export function defineShellConfig(options: ShellConfigOptions): RsbuildConfig {
  const root = options.root ?? process.cwd();
  return defineConfig({
    root,
    plugins: [
      pluginReact(),
      pluginLoadManifest(options.routes),
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        ...federationCommon('shell'),
        runtimePlugins: options.runtimePlugins.map((file) => resolve(root, file)),
      }),
    ],
    source: appSource(root, 'shell'),
    resolve: {
      alias: {
        ...appResolve.alias,
        '@switchyard-arco-start-styles$': arcoStartStylesModule(),
        // The shell imports the surface it provides (shared-deps.ts: providedOnly), not the library.
        ...Object.fromEntries(Object.entries(SURFACES).map(([name, file]) => [`${name}$`, file])),
      },
    },
    performance: { chunkSplit: SHELL_CHUNK_SPLIT },
    html: {
      title: options.title,
      ...(options.favicon ? { favicon: resolve(root, options.favicon) } : {}),
    },
    server: {
      port: SHELL_DEV_PORT,
      strictPort: true,
      historyApiFallback: true,
      // The API server also hosts the built remotes that have no dev server running.
      proxy: Object.fromEntries(
        ['/api', '/v1', '/remotes.json', '/remotes/'].map((prefix) => [
          prefix,
          { target: DEV_API_TARGET, changeOrigin: true },
        ]),
      ),
      setup: devRemotesSetup,
    },
    // Eight hex digits of content hash (rsbuild's default is ten): the entry lists every chunk's
    // script and stylesheet by hash (about 170 of them), and it is on every first load.
    output: { assetPrefix: '/', filenameHash: 'contenthash:8' },
    tools: {
      rspack: (_config, { appendPlugins, rspack }) => appendPlugins(lazyResultArt(rspack)),
      postcss: (_config, { addPlugins }) => addPlugins(dropRightToLeftRules),
    },
  });
}
