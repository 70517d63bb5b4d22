import { describe, expect, it } from 'vitest';
import { MODEL_OUTPUT_LIMITS, modelOutputLimit } from './model-output-limits';
import { MODEL_LIST_PRICES } from './model-price-table';

describe('modelOutputLimit', () => {
  it('reads exact names, case-insensitive and without a provider prefix', () => {
    expect(modelOutputLimit('gpt-4o')).toBe(16_384);
    expect(modelOutputLimit('gpt-4o-mini')).toBe(16_384);
    expect(modelOutputLimit('gpt-5.1-chat-latest')).toBe(16_384);
    expect(modelOutputLimit('claude-opus-4-5')).toBe(64_000);
    expect(modelOutputLimit('deepseek-reasoner')).toBe(65_536);
    expect(modelOutputLimit('MiniMax-M2')).toBe(128_000);
    expect(modelOutputLimit('openai/gpt-4.1')).toBe(32_768);
  });

  it('finds a dated snapshot or variant by the longest family name it starts with', () => {
    expect(modelOutputLimit('gpt-4o-2024-08-06')).toBe(16_384);
    // The longer family wins: gpt-4o-mini is not gpt-4o, gpt-4o-2024-05-13 is its own.
    expect(modelOutputLimit('gpt-4o-mini-2024-07-18')).toBe(16_384);
    expect(modelOutputLimit('gpt-4o-2024-05-13')).toBe(4096);
    expect(modelOutputLimit('gpt-4-0613')).toBe(8192);
    expect(modelOutputLimit('gpt-4-turbo-2024-04-09')).toBe(4096);
    expect(modelOutputLimit('claude-sonnet-4-5-20250929')).toBe(64_000);
    expect(modelOutputLimit('claude-opus-4-1-20250805')).toBe(32_000);
    expect(modelOutputLimit('claude-opus-4-20250514')).toBe(32_000);
    expect(modelOutputLimit('claude-3-5-haiku-latest')).toBe(8192);
    expect(modelOutputLimit('gemini-2.5-flash-lite')).toBe(65_536);
    expect(modelOutputLimit('gemini-2.0-flash-lite-001')).toBe(8192);
    expect(modelOutputLimit('kimi-k2-thinking-turbo')).toBe(65_536);
    expect(modelOutputLimit('kimi-k2-0905-preview')).toBe(32_768);
    expect(modelOutputLimit('qwen-plus-latest')).toBe(32_768);
    expect(modelOutputLimit('glm-4.5-air')).toBe(96_000);
  });

  it('knows nothing of other names, nor of a family name followed by other letters', () => {
    expect(modelOutputLimit('my-local-llama')).toBeUndefined();
    expect(modelOutputLimit('gpt-4x')).toBeUndefined();
    expect(modelOutputLimit('')).toBeUndefined();
  });

  it('covers every model of the built-in price table, each with a positive limit', () => {
    for (const model of Object.keys(MODEL_LIST_PRICES)) {
      expect(modelOutputLimit(model), model).toBeGreaterThan(0);
    }
    for (const limit of Object.values(MODEL_OUTPUT_LIMITS)) expect(limit).toBeGreaterThan(0);
  });
});
