// The shell (host): routes, layout and runtime loading of the remotes listed in /remotes.json.
import { defineShellConfig } from '@switchyard/build';
import { ROUTES, SETTINGS_TABS } from './src/routes/route-table';

export default defineShellConfig({
  title: 'Switchyard',
  favicon: './public/logo.png',
  runtimePlugins: ['./src/federation/fallback-plugin.ts'],
  // The server preloads the opened route's remote module from this (dist/load-manifest.json).
  routes: ROUTES.map(({ path, page, access, role }) => ({
    path,
    access,
    ...(role === undefined ? {} : { role }),
    ...(page.kind === 'remote' ? { module: page.module } : {}),
    ...(page.kind === 'shell' && page.page === 'settings'
      ? {
          tabs: SETTINGS_TABS.map(({ key, module, access, role }) => ({
            key,
            module,
            access,
            role,
          })),
        }
      : {}),
  })),
});
