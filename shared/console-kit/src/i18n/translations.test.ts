import { commonEn } from './locales/common.en';
import { commonZh } from './locales/common.zh';
import { missingKeys } from './translation';

describe('common translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(commonZh, commonEn)).toEqual([]);
    expect(missingKeys(commonEn, commonZh)).toEqual([]);
  });
});
