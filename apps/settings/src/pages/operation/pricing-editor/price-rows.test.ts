import { readMaps, rowsOf, withRow } from './price-rows';

const maps = readMaps({
  ModelRatio: '{"gpt-4o": 1.25, "o3": 1}',
  CompletionRatio: '{"gpt-4o": 4}',
  ModelPrice: '{"mj_imagine": 0.1}',
  CacheRatio: '{"gpt-4o": 0.5}',
  CacheCreationRatio: '{}',
});

describe('price rows', () => {
  it('reads each model in dollars per 1M tokens, per-call models by their price', () => {
    expect(rowsOf(maps)).toEqual([
      { model: 'gpt-4o', input: 2.5, output: 10, cacheRead: 1.25 },
      { model: 'mj_imagine', perCall: 0.1 },
      { model: 'o3', input: 2 },
    ]);
  });

  it('writes a new input price as the ratio and keeps the output price a price', () => {
    const row = rowsOf(maps)[0];
    if (!row) throw new Error('no row');
    const next = withRow(maps, { ...row, input: 5 });
    expect(next.ModelRatio['gpt-4o']).toBe(2.5);
    expect(next.CompletionRatio['gpt-4o']).toBe(2);
    expect(rowsOf(next)[0]).toMatchObject({ input: 5, output: 10, cacheRead: 1.25 });
  });

  it('removes an entry whose field is emptied', () => {
    const row = rowsOf(maps)[0];
    if (!row) throw new Error('no row');
    expect(withRow(maps, { ...row, output: undefined }).CompletionRatio).toEqual({});
  });
});
