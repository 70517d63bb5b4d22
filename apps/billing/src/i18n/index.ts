// Exposed as `billing/i18n`: importing it registers the `billing` namespace (see ../remote).
import { billingRemote } from '../remote';

export const registerBillingTranslations = billingRemote.registerTranslations;
