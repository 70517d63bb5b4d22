// Registers the `billing` namespace on the shared i18next (imported by every exposed page).
import { registerTranslations } from '@switchyard/console-kit';
import { billingEn } from './billing.en';
import { billingZh } from './billing.zh';

export const BILLING_NS = 'billing';

export function registerBillingTranslations(): void {
  registerTranslations(BILLING_NS, { zh: billingZh, en: billingEn });
}

registerBillingTranslations();
