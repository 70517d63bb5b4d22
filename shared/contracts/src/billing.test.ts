import { comparePricing, effectiveTokenStatus, modelPrices, type PricingItem } from './billing';

const item = (model_name: string, quota_type: 0 | 1 = 0): PricingItem => ({
  model_name,
  quota_type,
  model_ratio: 1.5,
  model_price: 0.02,
  completion_ratio: 2,
  enable_groups: [],
  available: true,
  price_set: true,
  owner_by: '',
});

describe('effectiveTokenStatus', () => {
  const base = { status: 1, expired_time: -1, remain_quota: 10, unlimited_quota: false };
  it('computes expired and exhausted for enabled tokens only', () => {
    expect(effectiveTokenStatus(base, 100)).toBe(1);
    expect(effectiveTokenStatus({ ...base, expired_time: 99 }, 100)).toBe(3);
    expect(effectiveTokenStatus({ ...base, expired_time: 100 }, 100)).toBe(1);
    expect(effectiveTokenStatus({ ...base, remain_quota: 0 }, 100)).toBe(4);
    expect(effectiveTokenStatus({ ...base, remain_quota: 0, unlimited_quota: true }, 100)).toBe(1);
    expect(effectiveTokenStatus({ ...base, status: 2, expired_time: 1 }, 100)).toBe(2);
  });
});

describe('pricing rules', () => {
  it('orders per-usage models first, then gpt names, then by name', () => {
    const sorted = [item('b'), item('gpt-x', 1), item('a'), item('gpt-4')].sort(comparePricing);
    expect(sorted.map((i) => i.model_name)).toEqual(['gpt-4', 'a', 'b', 'gpt-x']);
  });

  it('prices by the spec formulas', () => {
    expect(modelPrices(item('m'), 2)).toEqual({ prompt: 6, completion: 12 });
    expect(modelPrices(item('m', 1), 2)).toEqual({ perCall: 0.04 });
  });
});
