// The cache ratio options (CacheRatio, CacheCreationRatio, CacheCreation1hRatio): validated like
// the other ratio maps, in both languages, and read at once by the relay's price quote; the
// built-in table prices current models so none falls back to the unknown-model ratio.

import { OPTION_DEFINITIONS } from '@switchyard/contracts/options';
import { MODEL_LIST_PRICES } from '@switchyard/contracts/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { PricingRules, UNKNOWN_MODEL_RATIO } from '../../../src/modules/pricing/pricing-rules';
import type { TestClient } from '../../helpers/client';
import { useTestServer } from '../../helpers/test-server';

let root: TestClient;

const server = useTestServer();

beforeAll(async () => {
  root = await server.signIn({ username: 'root', password: '123456' });
});

const put = (key: string, value: string, headers: Record<string, string> = {}) =>
  root.put('/api/option/', { key, value }, headers);

describe('cache ratio options', () => {
  it.each([
    ['CacheRatio', '{"m":"cheap"}', 'Cache read ratio must be a JSON object'],
    ['CacheCreationRatio', '{"m":-1}', 'Cache write ratio (5 minutes) must be a JSON object'],
    ['CacheCreation1hRatio', '{', 'Cache write ratio (1 hour) is not a valid JSON string'],
  ])('%s = %s is refused', async (key, value, message) => {
    const reply = await put(key, value);
    expect(reply.json.success).toBe(false);
    expect(reply.json.message).toContain(message);
    expect(server.runtime.options.get(key as 'CacheRatio')).toBe(
      OPTION_DEFINITIONS[key as 'CacheRatio'].default,
    );
  });

  it('refuses in Chinese when asked', async () => {
    const reply = await put('CacheRatio', '[1]', { 'accept-language': 'zh-CN' });
    expect(reply.json.message).toBe('缓存读取倍率必须是 JSON 对象，每个值都是不小于 0 的数字');
  });

  it('prices by a saved map at once, and falls back for models it does not name', async () => {
    const pricing = new PricingRules(server.runtime.options);
    expect(pricing.forModel('claude-sonnet-4-20250514')).toMatchObject({
      modelRatio: 1.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
      cacheCreation1hRatio: 2,
      known: true,
    });
    expect((await put('CacheRatio', '{"my-model":0.3}')).json.success).toBe(true);
    expect((await put('CacheCreationRatio', '{"my-model":1.5}')).json.success).toBe(true);
    expect(pricing.forModel('my-model')).toMatchObject({
      cacheRatio: 0.3,
      cacheCreationRatio: 1.5,
      cacheCreation1hRatio: 2,
    });
    // A model no cache map names: a read costs what input costs.
    expect(pricing.forModel('claude-sonnet-4-20250514').cacheRatio).toBe(1);
    await put('CacheRatio', OPTION_DEFINITIONS.CacheRatio.default);
    await put('CacheCreationRatio', OPTION_DEFINITIONS.CacheCreationRatio.default);
  });

  it('knows every model of the built-in price table', () => {
    const pricing = new PricingRules(server.runtime.options);
    for (const [model, price] of Object.entries(MODEL_LIST_PRICES)) {
      const quote = pricing.forModel(model);
      expect(quote.known, model).toBe(true);
      expect(quote.modelRatio, model).not.toBe(UNKNOWN_MODEL_RATIO);
      expect(quote.modelRatio, model).toBeCloseTo(price.input / 2, 6);
    }
  });

  it('prices wildcards and takes a model named like an object property for an unknown one', async () => {
    const pricing = new PricingRules(server.runtime.options);
    expect((await put('ModelRatio', '{"house-*":0.5,"house-pro":2}')).json.success).toBe(true);
    expect(pricing.forModel('house-pro').modelRatio).toBe(2);
    expect(pricing.forModel('house-mini')).toMatchObject({ modelRatio: 0.5, known: true });
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(pricing.forModel(model), model).toMatchObject({
        quotaType: 0,
        modelRatio: UNKNOWN_MODEL_RATIO,
        completionRatio: 1,
        known: false,
      });
    }
    await put('ModelRatio', OPTION_DEFINITIONS.ModelRatio.default);
  });
});
