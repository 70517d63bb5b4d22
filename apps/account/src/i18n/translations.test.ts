import { missingKeys } from '@switchyard/console-kit';
import { accountEn } from './account.en';
import { accountZh } from './account.zh';

describe('account translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(accountZh, accountEn)).toEqual([]);
    expect(missingKeys(accountEn, accountZh)).toEqual([]);
  });
});
