import { missingKeys } from '@switchyard/console-kit';
import { observabilityEn } from './observability.en';
import { observabilityZh } from './observability.zh';

describe('observability translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(observabilityZh, observabilityEn)).toEqual([]);
    expect(missingKeys(observabilityEn, observabilityZh)).toEqual([]);
  });
});
