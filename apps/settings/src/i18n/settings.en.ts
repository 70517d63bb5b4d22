// English strings of the settings remote (namespace `settings`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { settingsZh } from './settings.zh';

export const settingsEn: TranslationOf<typeof settingsZh> = {};
