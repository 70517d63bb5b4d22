import { missingKeys } from '@switchyard/console-kit';
import { OPTION_KEYS, RATIO_OPTION_KEYS } from '@switchyard/contracts/options';
import { settingsEn } from './settings.en';
import { settingsZh } from './settings.zh';

describe('settings translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(settingsZh, settingsEn)).toEqual([]);
    expect(missingKeys(settingsEn, settingsZh)).toEqual([]);
  });

  it('name every option and every JSON option', () => {
    expect(OPTION_KEYS.filter((key) => !(key in settingsZh.fields))).toEqual([]);
    expect(RATIO_OPTION_KEYS.filter((key) => !(key in settingsZh.jsonNames))).toEqual([]);
  });
});
