// The shell (host): routes, layout and runtime loading of the remotes listed in /remotes.json.
import { defineShellConfig } from '@switchyard/build';

export default defineShellConfig({
  title: 'Switchyard',
  favicon: './public/logo.png',
  runtimePlugins: ['./src/federation/fallback-plugin.ts'],
});
