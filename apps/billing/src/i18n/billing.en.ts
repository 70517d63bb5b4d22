// English strings of the billing remote (namespace `billing`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { billingZh } from './billing.zh';

export const billingEn: TranslationOf<typeof billingZh> = {};
