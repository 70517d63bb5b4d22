// The billing remote (tokens, redemption codes, wallet and pricing). Importing it registers the
// `billing` strings; every page renders inside its RemoteRoot.
import { defineRemote } from '@switchyard/console-kit';
import { billingEn } from './i18n/billing.en';
import { billingZh } from './i18n/billing.zh';

export const billingRemote = defineRemote({
  name: 'billing',
  build: typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev',
  translations: { zh: billingZh, en: billingEn },
  padding: 16,
});

export const { RemoteRoot } = billingRemote;
