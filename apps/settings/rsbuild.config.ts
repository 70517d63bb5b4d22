// The settings remote: the operation, system and other tabs of /setting (super admin only), and
// the API reference (admins).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { DEV_PORTS, defineRemoteConfig } from '@switchyard/build';

/** Scalar's heading outline, replaced by one that leaves the page's h1 to the shell. */
const SCALAR_OUTLINE = /[\\/]@scalar[\\/]api-reference[\\/]dist[\\/].*use-document-outline\.js$/;
const OUTLINE_STAND_IN = fileURLToPath(
  new URL('./src/pages/api-reference/document-outline.ts', import.meta.url),
);

export default mergeRsbuildConfig(
  defineRemoteConfig({
    name: 'settings',
    exposes: {
      './OperationSettings': './src/pages/operation/index.ts',
      './SystemSettings': './src/pages/system/index.ts',
      './OtherSettings': './src/pages/other/index.ts',
      './ApiReferencePage': './src/pages/api-reference/index.ts',
    },
    devPort: DEV_PORTS.settings,
  }),
  {
    tools: {
      rspack: (_config, { rspack, appendPlugins }) => {
        appendPlugins(
          new rspack.NormalModuleReplacementPlugin(/use-document-outline\.js$/, (data) => {
            if (SCALAR_OUTLINE.test(resolve(data.context ?? '', data.request))) {
              data.request = OUTLINE_STAND_IN;
            }
          }),
        );
      },
    },
  },
);
