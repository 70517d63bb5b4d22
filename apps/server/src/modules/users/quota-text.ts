// Quota as the log texts show it, following the display-in-currency option.
import { renderQuota } from '@switchyard/contracts';
import type { OptionsStore } from '../options/options.store';

export function quotaText(options: OptionsStore, quota: number): string {
  return renderQuota(quota, {
    displayInCurrency: options.getBool('DisplayInCurrencyEnabled'),
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
  });
}
