// Validates request input with a contracts schema and describes failures field by field.
import type { Language } from '@switchyard/contracts';
import type { z } from 'zod';
import { type MessageKey, type MessageParams, translate } from '../i18n';
import { ValidationError } from './errors';

/** Parses input with the schema or throws ValidationError (rendered as HTTP 400). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new ValidationError(result.error.issues);
  return result.data;
}

function describeIssue(issue: z.core.$ZodIssue, language: Language): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : translate(language, 'request.body');
  const say = (key: MessageKey, params: MessageParams = {}) =>
    translate(language, key, { field, ...params });
  switch (issue.code) {
    case 'invalid_type':
      return say(issue.input === undefined ? 'request.field.missing' : 'request.field.type');
    case 'too_small':
      return issue.origin === 'string'
        ? say('request.field.tooShort', { min: Number(issue.minimum) })
        : say('request.field.tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? say('request.field.tooLong', { max: Number(issue.maximum) })
        : say('request.field.tooLarge', { max: Number(issue.maximum) });
    case 'unrecognized_keys':
      return say('request.field.unknown', { fields: issue.keys.join(', ') });
    default:
      return say('request.field.invalid');
  }
}

/** One message naming every bad field, e.g. "Invalid request: password must be at least 8 characters". */
export function describeValidation(
  issues: readonly z.core.$ZodIssue[],
  language: Language,
): string {
  // One message per field: zod can report a type error and a size error for the same input.
  const firstPerField = new Map<string, z.core.$ZodIssue>();
  for (const issue of issues) {
    const path = issue.path.join('.');
    if (!firstPerField.has(path)) firstPerField.set(path, issue);
  }
  const details = [...firstPerField.values()].map((issue) => describeIssue(issue, language));
  const separator = language === 'zh' ? '；' : '; ';
  return translate(language, 'request.invalid', { details: details.join(separator) });
}
