import { missingKeys } from '@switchyard/console-kit';
import { shellEn } from './shell.en';
import { shellZh } from './shell.zh';

describe('shell translations', () => {
  it('are complete in both languages', () => {
    expect(missingKeys(shellZh, shellEn)).toEqual([]);
    expect(missingKeys(shellEn, shellZh)).toEqual([]);
  });

  it('use the spec texts for the not-found page', () => {
    expect(shellZh.notFound).toMatchObject({
      title: '页面不存在',
      hint: '请检查你的浏览器地址是否正确',
    });
  });
});
