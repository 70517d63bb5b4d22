// Exposed as `settings/i18n`: registers the `settings` translation namespace on the shared i18next.
import { registerTranslations } from '@switchyard/console-kit';
import { settingsEn } from './settings.en';
import { settingsZh } from './settings.zh';

export const SETTINGS_NS = 'settings';

export function registerSettingsTranslations(): void {
  registerTranslations(SETTINGS_NS, { zh: settingsZh, en: settingsEn });
}

registerSettingsTranslations();
