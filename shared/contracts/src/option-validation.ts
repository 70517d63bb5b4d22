// Checks an option value (always a string on the wire) against its definition. Pure and zod-free:
// the server refuses with it and the settings forms check with it before sending.
import {
  type OptionKey,
  optionDefinition,
  RATIO_OPTION_KEYS,
  type RatioOptionKey,
} from './options';

/** Longest text any option accepts (the Markdown and HTML pages are the long ones). */
export const OPTION_TEXT_MAX = 65_535;

/** Why a value was refused; the server and the console each turn it into their own message. */
export type OptionProblem =
  | { code: 'boolean' }
  | { code: 'integer' }
  | { code: 'number' }
  | { code: 'min'; min: number }
  | { code: 'max'; max: number }
  | { code: 'json' }
  | { code: 'ratioMap' }
  | { code: 'rateLimitMap' }
  | { code: 'url' }
  | { code: 'choice'; choices: readonly string[] }
  | { code: 'tooLong'; max: number };

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export const isRatioOption = (key: OptionKey): key is RatioOptionKey =>
  (RATIO_OPTION_KEYS as readonly OptionKey[]).includes(key);

/** A JSON object whose every value is a finite number of at least 0 (prices and ratios). */
function ratioMapProblem(text: string): OptionProblem | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: 'json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { code: 'ratioMap' };
  }
  const valid = Object.values(parsed).every(
    (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  );
  return valid ? null : { code: 'ratioMap' };
}

const isLimit = (value: unknown): boolean =>
  value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

/** GroupRateLimits: group → { rpm?, tpm? }, each a whole number of at least 0 (0: no limit). */
function rateLimitMapProblem(text: string): OptionProblem | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: 'json' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { code: 'rateLimitMap' };
  }
  const valid = Object.values(parsed).every((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
    const { rpm, tpm, ...rest } = entry as Record<string, unknown>;
    return Object.keys(rest).length === 0 && isLimit(rpm) && isLimit(tpm);
  });
  return valid ? null : { code: 'rateLimitMap' };
}

/** What GroupRateLimits holds for one group. */
export interface GroupRateLimit {
  rpm?: number;
  tpm?: number;
}

function numberProblem(key: OptionKey, text: string, pattern: RegExp): OptionProblem | null {
  const definition = optionDefinition(key);
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return { code: definition.kind === 'integer' ? 'integer' : 'number' };
  const value = Number(trimmed);
  if (definition.min !== undefined && value < definition.min) {
    return { code: 'min', min: definition.min };
  }
  if (definition.max !== undefined && value > definition.max) {
    return { code: 'max', max: definition.max };
  }
  return null;
}

/** http(s)://host… with no whitespace (contracts run without the DOM's or Node's URL). */
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const isHttpUrl = (text: string): boolean => HTTP_URL.test(text);

function stringProblem(key: OptionKey, text: string): OptionProblem | null {
  const definition = optionDefinition(key);
  if (text.length > OPTION_TEXT_MAX) return { code: 'tooLong', max: OPTION_TEXT_MAX };
  if (definition.format === 'url' && text !== '' && !isHttpUrl(text)) return { code: 'url' };
  if (definition.format === 'choice' && !definition.choices?.includes(text)) {
    return { code: 'choice', choices: definition.choices ?? [] };
  }
  return null;
}

/** The first thing wrong with a value for this option, or null when it may be stored. */
export function optionValueProblem(key: OptionKey, value: string): OptionProblem | null {
  switch (optionDefinition(key).kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { code: 'boolean' };
    case 'integer':
      return numberProblem(key, value, INTEGER);
    case 'number':
      return numberProblem(key, value, DECIMAL);
    case 'json':
      return key === 'GroupRateLimits' ? rateLimitMapProblem(value) : ratioMapProblem(value);
    case 'string':
      return stringProblem(key, value);
  }
}

/** True when the value may be stored for this option. */
export function validateOptionValue(key: OptionKey, value: string): boolean {
  return optionValueProblem(key, value) === null;
}
