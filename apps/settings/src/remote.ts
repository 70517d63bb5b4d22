// The settings remote (operation, system and other settings). Importing it registers the `settings`
// strings; every page renders inside its RemoteRoot.
import { defineRemote } from '@switchyard/console-kit';
import { settingsEn } from './i18n/settings.en';
import { settingsZh } from './i18n/settings.zh';

export const settingsRemote = defineRemote({
  name: 'settings',
  build: typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev',
  translations: { zh: settingsZh, en: settingsEn },
});

export const { RemoteRoot } = settingsRemote;
