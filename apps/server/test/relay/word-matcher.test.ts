// The sensitive-word automaton (relay/pipeline/word-matcher.ts): which words of a list a text holds, checked
// against a plain search of every word, across the slices the scan yields between.
import { describe, expect, it } from 'vitest';
import { SCAN_SLICE, WordMatcher } from '../../src/relay/pipeline/word-matcher';

/** Every word of the list found in the text by a search per word: the old filter's answer. */
function naive(words: string[], text: string): string[] {
  return [...new Set(words.filter((word) => word !== '' && text.includes(word)))];
}

describe('WordMatcher', () => {
  it('finds overlapping words and words inside other words', async () => {
    const matcher = await WordMatcher.build(['he', 'she', 'his', 'hers', 'a', 'ab', 'bab', 'bc']);
    expect((await matcher.find('ushers')).sort()).toEqual(['he', 'hers', 'she']);
    expect((await matcher.find('xbabcx')).sort()).toEqual(['a', 'ab', 'bab', 'bc']);
    expect(await matcher.find('nothing to see')).toEqual([]);
  });

  it('agrees with a search per word on random texts', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const letters = 'abc敏感';
    const pick = (length: number) =>
      Array.from({ length }, () => letters[random(letters.length)]).join('');
    for (let round = 0; round < 50; round += 1) {
      const words = Array.from({ length: 1 + random(30) }, () => pick(1 + random(5)));
      const text = pick(random(200));
      const matcher = await WordMatcher.build(words);
      expect((await matcher.find(text)).sort()).toEqual(naive(words, text).sort());
    }
  });

  it('finds a word cut by a slice boundary, and reports each word once', async () => {
    const matcher = await WordMatcher.build(['needle', 'x']);
    const text = `${'x'.repeat(SCAN_SLICE - 3)}needle${'x'.repeat(SCAN_SLICE)}`;
    expect(await matcher.find(text)).toEqual(['x', 'needle']);
  });

  it('stops at the limit, ignores empty and repeated words, folds case when asked', async () => {
    const matcher = await WordMatcher.build(['Alpha', '', 'beta', 'beta', 'ΣΟΦΟΣ'], {
      ignoreCase: true,
    });
    expect(matcher.words).toEqual(['alpha', 'beta', 'σοφος']);
    expect(await matcher.find('BETA then alpha')).toEqual(['beta', 'alpha']);
    expect(await matcher.find('BETA then alpha', 1)).toEqual(['beta']);
    expect(await (await WordMatcher.build(['Alpha'])).find('alpha')).toEqual([]);
    expect(await (await WordMatcher.build([])).find('anything')).toEqual([]);
  });
});
