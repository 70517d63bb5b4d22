// Exposed as `settings/i18n`: importing it registers the `settings` namespace (see ../remote).
import { settingsRemote } from '../remote';

export const registerSettingsTranslations = settingsRemote.registerTranslations;
