import { MODEL_LIST_PRICES } from './model-price-table';
import { OPTION_DEFINITIONS } from './options';
import {
  DEFAULT_CACHE_CREATION_1H_RATIO,
  DEFAULT_CACHE_CREATION_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_RATIO,
} from './pricing-defaults';
import { logPriceFields, type TokenPrice, tokenQuota } from './token-cost';

const claudeSonnet: TokenPrice = {
  modelRatio: 1.5,
  groupRatio: 1,
  completionRatio: 5,
  cacheRatio: 0.1,
  cacheCreationRatio: 1.25,
  cacheCreation1hRatio: 2,
};

describe('tokenQuota', () => {
  it('bills plain prompt and completion as before caching existed', () => {
    const price = { ...claudeSonnet, modelRatio: 2.5, completionRatio: 3 };
    // (100 + 50 × 3) × 2.5 = 625
    expect(tokenQuota(price, { promptTokens: 100, completionTokens: 50 })).toBe(625);
    expect(tokenQuota(price, { promptTokens: 0, completionTokens: 0 })).toBe(0);
    expect(
      tokenQuota({ ...price, modelRatio: 0.0001 }, { promptTokens: 1, completionTokens: 0 }),
    ).toBe(1);
  });

  it('weights cached reads, 5-minute and 1-hour writes by their own ratios', () => {
    // 10000 prompt = 1000 plain + 6000 read + 2000 5-min writes + 1000 1-h writes; 200 out.
    const usage = {
      promptTokens: 10_000,
      completionTokens: 200,
      cachedTokens: 6000,
      cacheWriteTokens: 3000,
      cacheWrite1hTokens: 1000,
    };
    // (1000 + 600 + 2500 + 2000 + 1000) × 1.5 = 10650
    expect(tokenQuota(claudeSonnet, usage)).toBe(10_650);
    expect(tokenQuota({ ...claudeSonnet, groupRatio: 2 }, usage)).toBe(21_300);
  });

  it('bills reasoning as completion, once', () => {
    const usage = { promptTokens: 100, completionTokens: 300, reasoningTokens: 250 };
    // (100 + 300 × 5) × 1.5 = 2400: reasoning is already inside the 300.
    expect(tokenQuota(claudeSonnet, usage)).toBe(2400);
  });

  it('never bills details beyond the totals they belong to', () => {
    const usage = {
      promptTokens: 100,
      completionTokens: 0,
      cachedTokens: 500,
      cacheWriteTokens: 50,
    };
    // All 100 prompt tokens are cached reads: 100 × 0.1 × 1.5 = 15.
    expect(tokenQuota(claudeSonnet, usage)).toBe(15);
  });
});

describe('logPriceFields', () => {
  it('records the ratios, and the cache and reasoning parts only when reported', () => {
    const price = { ...claudeSonnet, modelPrice: -1 };
    expect(logPriceFields(price, { promptTokens: 10, completionTokens: 5 })).toEqual({
      model_ratio: 1.5,
      model_price: -1,
      completion_ratio: 5,
      group_ratio: 1,
    });
    expect(
      logPriceFields(price, {
        promptTokens: 10_000,
        completionTokens: 200,
        cachedTokens: 6000,
        cacheWriteTokens: 3000,
        cacheWrite1hTokens: 1000,
        reasoningTokens: 20,
      }),
    ).toMatchObject({
      cached_tokens: 6000,
      cache_ratio: 0.1,
      cache_write_tokens: 3000,
      cache_creation_ratio: 1.25,
      cache_write_1h_tokens: 1000,
      cache_creation_1h_ratio: 2,
      cache_hit_ratio: 0.6,
      reasoning_tokens: 20,
    });
  });

  it('records the cache hit (cached ÷ prompt) only where the upstream reports its cache', () => {
    const price = { ...claudeSonnet, modelPrice: -1 };
    const hit = (usage: Parameters<typeof logPriceFields>[1]) =>
      logPriceFields(price, usage).cache_hit_ratio;
    expect(hit({ promptTokens: 3000, completionTokens: 1, cachedTokens: 1000 })).toBe(0.3333);
    // A miss that wrote the cache is a hit of 0, not an unknown.
    expect(hit({ promptTokens: 3000, completionTokens: 1, cacheWriteTokens: 3000 })).toBe(0);
    expect(hit({ promptTokens: 3000, completionTokens: 1 })).toBeUndefined();
  });
});

describe('the built-in price table', () => {
  const names = Object.keys(MODEL_LIST_PRICES);

  it('names the current models of every provider', () => {
    for (const model of [
      'gpt-4.1',
      'gpt-4.1-mini',
      'gpt-4o',
      'gpt-4o-mini',
      'o3',
      'o4-mini',
      'gpt-5',
      'gpt-5-mini',
      'claude-3-5-haiku-latest',
      'claude-3-7-sonnet-latest',
      'claude-sonnet-4-20250514',
      'claude-opus-4-1',
      'claude-haiku-4-5',
      'gemini-2.0-flash',
      'gemini-2.5-pro',
      'gemini-2.5-flash',
      'gemini-2.5-flash-lite',
      'deepseek-chat',
      'deepseek-reasoner',
      'qwen-plus',
      'qwen3-max',
      'glm-4.6',
      'kimi-k2-0905-preview',
      'MiniMax-M2',
    ]) {
      expect(names, model).toContain(model);
    }
  });

  it('gives every listed model a ratio of its own in the option defaults', () => {
    const modelRatio = JSON.parse(OPTION_DEFINITIONS.ModelRatio.default) as Record<string, number>;
    const completion = JSON.parse(OPTION_DEFINITIONS.CompletionRatio.default) as Record<
      string,
      number
    >;
    for (const [name, price] of Object.entries(MODEL_LIST_PRICES)) {
      // Ratio 1 = $2 per 1M input tokens.
      expect(modelRatio[name], name).toBeCloseTo(price.input / 2, 6);
      expect(DEFAULT_MODEL_RATIO[name], name).toBe(modelRatio[name]);
      if (price.input > 0)
        expect(completion[name], name).toBeCloseTo(price.output / price.input, 5);
      expect(DEFAULT_COMPLETION_RATIO[name], name).toBe(completion[name]);
      if (price.cacheRead !== undefined && price.input > 0) {
        expect(DEFAULT_CACHE_RATIO[name], name).toBeCloseTo(price.cacheRead / price.input, 5);
      }
      if (price.cacheWrite !== undefined) {
        expect(DEFAULT_CACHE_CREATION_RATIO[name], name).toBeCloseTo(
          price.cacheWrite / price.input,
          5,
        );
      }
      if (price.cacheWrite1h !== undefined) {
        expect(DEFAULT_CACHE_CREATION_1H_RATIO[name], name).toBeCloseTo(2, 5);
      }
    }
  });

  it('prices the documented examples', () => {
    // Anthropic: cache reads at 0.1×, 5-minute writes 1.25×, 1-hour writes 2× the input price.
    expect(DEFAULT_MODEL_RATIO['claude-3-5-haiku-latest']).toBe(0.4);
    expect(DEFAULT_CACHE_RATIO['claude-sonnet-4-20250514']).toBe(0.1);
    expect(DEFAULT_CACHE_CREATION_RATIO['claude-sonnet-4-20250514']).toBe(1.25);
    expect(DEFAULT_MODEL_RATIO['gemini-2.0-flash']).toBe(0.05);
    expect(DEFAULT_COMPLETION_RATIO['gpt-5']).toBe(8);
    expect(DEFAULT_CACHE_RATIO['gpt-5']).toBe(0.1);
    expect(DEFAULT_CACHE_RATIO['o4-mini']).toBe(0.25);
  });
});
