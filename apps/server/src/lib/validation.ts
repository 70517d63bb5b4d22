// Validates request input with a contracts schema and describes failures field by field.
import {
  type FieldError,
  fieldIssueOf,
  firstIssuePerField,
  type Language,
} from '@switchyard/contracts';
import type { z } from 'zod';
import { type MessageKey, type MessageParams, translate } from '../i18n';
import { AppError, ValidationError } from './errors';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The console API's one input policy (the reference's, so new-api scripts work unchanged):
 * the reference's spellings of a known field are read as ours before validation —
 * `groups` (an array, what its channel form sends) as the comma list `group`, and `size` and
 * `page_size` as each other on every list. Unknown fields are dropped by the (non-strict)
 * contracts schemas, so a PUT of the object its GET returned works; read-only fields in it are
 * ignored because no update schema knows them.
 */
export function normaliseInput(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  const out = { ...input };
  if (out.group === undefined && out.groups !== undefined) {
    const groups = out.groups;
    const names = Array.isArray(groups) && groups.every((name) => typeof name === 'string');
    // Anything but a list of names is handed on as is, to fail as a wrong type of `group`.
    out.group = names ? groups.join(',') : groups;
  }
  if (out.page_size === undefined && out.size !== undefined) out.page_size = out.size;
  if (out.size === undefined && out.page_size !== undefined) out.size = out.page_size;
  return out;
}

/** Parses input with the schema or throws ValidationError (rendered as HTTP 400). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(normaliseInput(input), { reportInput: true });
  if (result.success) return result.data;
  // A bodiless request (allowed with a JSON content type) to an endpoint that needs one.
  if (input === undefined) throw new AppError(400, 'request.emptyBody');
  throw new ValidationError(result.error.issues);
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
  const details = firstIssuePerField(issues).map(({ issue }) => describeIssue(issue, language));
  const separator = language === 'zh' ? '；' : '; ';
  return translate(language, 'request.invalid', { details: details.join(separator) });
}

/**
 * Each bad field with what is wrong with it, in the request's language, without the field's name
 * (the console shows it under the field): the `data.fields` of a validation reply.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], language: Language): FieldError[] {
  return firstIssuePerField(issues).map(({ field, issue }) => {
    const { code, params } = fieldIssueOf(issue);
    const message = translate(language, `request.issue.${code}`, params);
    return { field, code, params, message };
  });
}
