// Imported by each page module this remote exposes: registers the `billing` namespace (see ../remote).
import { billingRemote } from '../remote';

export const registerBillingTranslations = billingRemote.registerTranslations;
