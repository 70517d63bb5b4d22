// What is wrong with one field, from a zod issue: the server's validation replies and the console's
// form rules both describe a field with this, so the two say the same thing for the same input.
import type { z } from 'zod';

export const FIELD_ISSUE_CODES = [
  'required',
  'type',
  'integer',
  'tooShort',
  'tooLong',
  'tooSmall',
  'above',
  'tooLarge',
  'below',
  'email',
  'url',
  'format',
  'invalid',
] as const;
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

export interface FieldIssue {
  code: FieldIssueCode;
  params: { min?: number; max?: number };
}

/** One field's problem as a validation reply (HTTP 400) carries it in `data.fields`. */
export interface FieldError extends FieldIssue {
  /** The field's path in the request, dot-joined (`name`, `limits.rpm`). */
  field: string;
  /** The issue in the request's language. */
  message: string;
}

/** `data` of a validation reply: one entry per bad field, in the order of the schema. */
export interface ValidationReplyData {
  fields: FieldError[];
}

export const isValidationReplyData = (data: unknown): data is ValidationReplyData =>
  typeof data === 'object' && data !== null && Array.isArray((data as ValidationReplyData).fields);

const FORMATS: Partial<Record<string, FieldIssueCode>> = { email: 'email', url: 'url' };

/** Reads a zod issue as a field issue; an empty (or blank, after trim) required field is `required`. */
export function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null)
        return { code: 'required', params: {} };
      return { code: issue.expected === 'int' ? 'integer' : 'type', params: {} };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? { code: 'required', params: {} } : { code: 'tooShort', params: { min } };
      }
      return { code: issue.inclusive === false ? 'above' : 'tooSmall', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'tooLong', params: { max } };
      return { code: issue.inclusive === false ? 'below' : 'tooLarge', params: { max } };
    }
    case 'invalid_format':
      return { code: FORMATS[issue.format] ?? 'format', params: {} };
    default:
      return { code: 'invalid', params: {} };
  }
}

/** The first issue of each field, in order (zod can report a type and a size issue together). */
export function firstIssuePerField(
  issues: readonly z.core.$ZodIssue[],
): Array<{ field: string; issue: z.core.$ZodIssue }> {
  const seen = new Map<string, z.core.$ZodIssue>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!seen.has(field)) seen.set(field, issue);
  }
  return [...seen].map(([field, issue]) => ({ field, issue }));
}
