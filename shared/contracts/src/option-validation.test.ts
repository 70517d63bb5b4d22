import { optionValueProblem, validateOptionValue } from './option-validation';
import { OPTION_DEFINITIONS, OPTION_KEYS } from './options';

describe('optionValueProblem', () => {
  it('accepts every default', () => {
    for (const key of OPTION_KEYS) {
      expect(optionValueProblem(key, OPTION_DEFINITIONS[key].default), key).toBeNull();
    }
  });

  it('tells unparsable JSON from JSON of the wrong shape', () => {
    expect(optionValueProblem('GroupRatio', '{"default":1')).toEqual({ code: 'json' });
    expect(optionValueProblem('GroupRatio', '[]')).toEqual({ code: 'ratioMap' });
    expect(optionValueProblem('GroupRatio', '{"vip":"2"}')).toEqual({ code: 'ratioMap' });
    expect(optionValueProblem('GroupRatio', '{"vip":-0.5}')).toEqual({ code: 'ratioMap' });
    expect(optionValueProblem('GroupRatio', '{"vip":0.5}')).toBeNull();
  });

  it('checks numbers against their range', () => {
    expect(optionValueProblem('RetryTimes', '3')).toBeNull();
    expect(optionValueProblem('RetryTimes', '3.5')).toEqual({ code: 'integer' });
    expect(optionValueProblem('RetryTimes', '11')).toEqual({ code: 'max', max: 10 });
    expect(optionValueProblem('Price', '7.3')).toBeNull();
    expect(optionValueProblem('Price', '-1')).toEqual({ code: 'min', min: 0 });
    expect(optionValueProblem('Price', '1e3')).toEqual({ code: 'number' });
  });

  it('checks addresses and choices', () => {
    expect(validateOptionValue('ChatLink', '')).toBe(true);
    expect(validateOptionValue('ChatLink', 'https://chat.example.com/?k=1')).toBe(true);
    expect(validateOptionValue('ChatLink', 'javascript:alert(1)')).toBe(false);
    expect(validateOptionValue('ChatLink', 'https:// spaced.example.com')).toBe(false);
    expect(validateOptionValue('DataExportDefaultTime', 'week')).toBe(true);
    expect(validateOptionValue('DataExportDefaultTime', 'year')).toBe(false);
  });
});
