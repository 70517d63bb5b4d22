import {
  firstTokenColor,
  firstTokenSeconds,
  parseOther,
  priceBreakdown,
  retryPath,
  useTimeColor,
} from './log-details';

describe('log details', () => {
  it('colours use time and first-token time at the spec’s thresholds', () => {
    expect([100, 101, 299, 300].map(useTimeColor)).toEqual(['green', 'orange', 'orange', 'red']);
    expect([2.9, 3, 9.9, 10].map(firstTokenColor)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('reads the first-token time of streams only', () => {
    expect(firstTokenSeconds({ frt: 1500 }, true)).toBe(1.5);
    expect(firstTokenSeconds({ frt: 1500 }, false)).toBeNull();
    expect(firstTokenSeconds({ frt: -1000 }, true)).toBeNull();
  });

  it('shows the per-call price when there is one, else the ratios', () => {
    expect(priceBreakdown({ model_price: 0.1, group_ratio: 2 })).toEqual({
      kind: 'fixed',
      price: 0.1,
      group: 2,
    });
    expect(
      priceBreakdown({ model_price: -1, model_ratio: 15, completion_ratio: 4, group_ratio: 1 }),
    ).toEqual({
      kind: 'ratio',
      model: 15,
      completion: 4,
      group: 1,
      cache: [],
      reasoning: 0,
    });
    expect(priceBreakdown(parseOther('not json'))).toBeNull();
  });

  it('lists the prompt-cache parts and the reasoning tokens the upstream reported', () => {
    const other = parseOther(
      JSON.stringify({
        model_price: -1,
        model_ratio: 1.5,
        completion_ratio: 5,
        group_ratio: 1,
        cached_tokens: 1200,
        cache_ratio: 0.1,
        cache_write_tokens: 300,
        cache_creation_ratio: 1.25,
        reasoning_tokens: 64,
      }),
    );
    expect(priceBreakdown(other)).toMatchObject({
      kind: 'ratio',
      cache: [
        { kind: 'read', tokens: 1200, ratio: 0.1 },
        { kind: 'write', tokens: 300, ratio: 1.25 },
      ],
      reasoning: 64,
    });
  });

  it('lists the channels tried in order', () => {
    expect(retryPath(parseOther('{"admin_info":{"use_channel":["3","7"]}}'))).toBe('3 → 7');
    expect(retryPath({})).toBe('');
  });
});
