// Exposed as `billing/i18n`: registers the `billing` translation namespace on the shared i18next.
import { registerTranslations } from '@switchyard/console-kit';
import { billingEn } from './billing.en';
import { billingZh } from './billing.zh';

export const BILLING_NS = 'billing';

export function registerBillingTranslations(): void {
  registerTranslations(BILLING_NS, { zh: billingZh, en: billingEn });
}

registerBillingTranslations();
