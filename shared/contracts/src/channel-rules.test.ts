import { describe, expect, it } from 'vitest';
import {
  isJsonStringMap,
  MODEL_MAPPING_EXAMPLE,
  responseTimeBand,
  STATUS_CODE_MAPPING_EXAMPLE,
  splitKeys,
  splitList,
  trimBaseUrl,
} from './channel-rules';
import { CHANNEL_TYPES, channelTypeById, modelsByChannelType } from './channel-types';

describe('responseTimeBand (spec §9)', () => {
  it.each([
    [0, 'untested'],
    [1, 'green'],
    [1000, 'green'],
    [1001, 'lime'],
    [3000, 'lime'],
    [3001, 'yellow'],
    [5000, 'yellow'],
    [5001, 'red'],
  ])('%i ms is %s', (ms, band) => {
    expect(responseTimeBand(ms)).toBe(band);
  });
});

describe('channel text rules', () => {
  it('splits comma lists without blanks or repeats and keys one per line', () => {
    expect(splitList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitKeys('k1\r\n\n  k2 \nk3\n')).toEqual(['k1', 'k2', 'k3']);
  });

  it('removes trailing slashes from a base URL', () => {
    expect(trimBaseUrl(' https://x.example/v1// ')).toBe('https://x.example/v1');
  });

  it('accepts empty text or a JSON object of strings as a mapping', () => {
    expect(isJsonStringMap('')).toBe(true);
    expect(isJsonStringMap(MODEL_MAPPING_EXAMPLE)).toBe(true);
    expect(isJsonStringMap(STATUS_CODE_MAPPING_EXAMPLE)).toBe(true);
    expect(isJsonStringMap('{"a": 1}')).toBe(false);
    expect(isJsonStringMap('["a"]')).toBe(false);
    expect(isJsonStringMap('{"a":')).toBe(false);
  });
});

describe('channel type registry', () => {
  it('has every type of spec §3 with the spec key formats and defaults', () => {
    expect(CHANNEL_TYPES.map((type) => type.id)).toEqual([
      1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 31, 33, 34, 35,
      36, 38, 39, 40, 42, 43, 45, 48, 60, 61, 62,
    ]);
    const formats = Object.fromEntries(
      CHANNEL_TYPES.filter((type) => type.keyFormat).map((type) => [type.id, type.keyFormat]),
    );
    expect(formats).toEqual({
      15: 'APIKey|SecretKey',
      18: 'APPID|APISecret|APIKey',
      22: 'APIKey-AppId',
      23: 'AppId|SecretId|SecretKey',
      33: 'Ak|Sk|Region',
    });
    expect(channelTypeById(3)?.defaultOther).toBe('2023-06-01-preview');
    expect(channelTypeById(18)?.defaultOther).toBe('v2.1');
    expect(CHANNEL_TYPES.filter((type) => type.fetchModels).map((type) => type.id)).toEqual([1]);
  });

  it('gives every type at least one default model', () => {
    for (const models of Object.values(modelsByChannelType()))
      expect(models.length).toBeGreaterThan(0);
  });
});
