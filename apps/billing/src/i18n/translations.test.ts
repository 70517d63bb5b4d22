import { missingKeys } from '@switchyard/console-kit';
import { billingEn } from './billing.en';
import { billingZh } from './billing.zh';

describe('billing translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(billingZh, billingEn)).toEqual([]);
    expect(missingKeys(billingEn, billingZh)).toEqual([]);
  });
});
