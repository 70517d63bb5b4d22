// Exposed as `account/i18n`: importing it registers the `account` namespace (see ../remote).
import { accountRemote } from '../remote';

export const registerAccountTranslations = accountRemote.registerTranslations;
