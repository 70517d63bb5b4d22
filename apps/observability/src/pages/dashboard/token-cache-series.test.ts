// The cache-hit chart's data shaping (issue 28): cached ÷ prompt per token and bucket, summed
// into the granularity, hours without prompt tokens left out, labels unique.
import type { TokenCacheBucket } from '@switchyard/contracts';
import { cacheHitSeries, tokenLabels } from './token-cache-series';
import { bucketStart } from './usage-series';

const hour0 = bucketStart(1_763_000_000, 'day') + 3 * 3600;
const row = (
  token_id: number,
  hour: number,
  prompt_tokens: number,
  cached_tokens: number,
  token_name = `key${token_id}`,
  username = 'alice',
): TokenCacheBucket => ({
  token_id,
  token_name,
  username,
  created_at: hour0 + hour * 3600,
  prompt_tokens,
  cached_tokens,
});

describe('cacheHitSeries', () => {
  it('gives each token its rate per hour, oldest first, in percent with one decimal', () => {
    const points = cacheHitSeries(
      [row(1, 0, 1000, 600), row(2, 0, 300, 0), row(1, 1, 3000, 1000)],
      'hour',
      false,
    );
    expect(points.map(({ token, rate }) => [token, rate])).toEqual([
      ['key1', 60],
      ['key2', 0],
      ['key1', 33.3],
    ]);
    expect(points[0]?.time).toMatch(/ \d\d:00$/);
  });

  it('sums the hours of a day before dividing, not the hourly rates', () => {
    const points = cacheHitSeries([row(1, 0, 1000, 1000), row(1, 1, 3000, 0)], 'day', false);
    expect(points).toEqual([{ time: expect.any(String), token: 'key1', rate: 25 }]);
  });

  it('draws nothing for an empty range or hours without prompt tokens', () => {
    expect(cacheHitSeries([], 'hour', false)).toEqual([]);
    expect(cacheHitSeries([row(1, 0, 0, 0)], 'hour', false)).toEqual([]);
  });
});

describe('tokenLabels', () => {
  it('names unnamed tokens by id, adds the owner for admins, and keeps same names apart', () => {
    const labels = tokenLabels(
      [row(1, 0, 1, 0, 'work', 'alice'), row(2, 0, 1, 0, 'work', 'alice'), row(3, 0, 1, 0, '')],
      true,
    );
    expect([...labels.values()]).toEqual(['work (alice) #1', 'work (alice) #2', '#3 (alice)']);
    expect([...tokenLabels([row(4, 0, 1, 0, 'work', 'bob')], false).values()]).toEqual(['work']);
  });
});
