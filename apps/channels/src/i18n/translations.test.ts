import { missingKeys } from '@switchyard/console-kit';
import { channelsEn } from './channels.en';
import { channelsZh } from './channels.zh';

describe('channels translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(channelsZh, channelsEn)).toEqual([]);
    expect(missingKeys(channelsEn, channelsZh)).toEqual([]);
  });
});
