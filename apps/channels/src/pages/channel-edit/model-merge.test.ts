import { applyMerge, mergeModels } from './model-merge';

describe('mergeModels', () => {
  it('splits the lists into new, kept and no longer offered', () => {
    expect(mergeModels(['a', 'b', 'custom'], ['b', 'c', 'c', 'd'])).toEqual({
      added: ['c', 'd'],
      kept: ['b'],
      gone: ['a', 'custom'],
    });
  });
});

describe('applyMerge', () => {
  it('keeps the current order, drops the removals and appends the additions once', () => {
    expect(applyMerge(['a', 'b', 'custom'], ['c', 'b'], ['a'])).toEqual(['b', 'custom', 'c']);
  });
});
