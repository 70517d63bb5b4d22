// A validation reply (HTTP 400 with data.fields) shown under the form's fields, not as a toast.
import type { FormInstance } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { serverFieldErrorMap } from './field-errors';
import type { IssueMessages } from './field-rules';

/**
 * Puts each bad field of a validation reply under its Form.Item. Returns true when every bad field
 * is one of the form's, so nothing else needs saying; false leaves the error to the caller.
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  messages: Partial<Record<string, IssueMessages>> = {},
): boolean {
  const byField = serverFieldErrorMap(error, t, messages);
  if (!byField) return false;
  // The fields rendered in the form (registered Form.Items), with or without a value.
  const known = new Set(Object.keys(form.getFieldsState()));
  const fields = Object.keys(byField);
  if (fields.length === 0 || !fields.every((field) => known.has(field))) return false;
  const errors: Record<string, { error: { message: string } }> = {};
  for (const field of fields) errors[field] = { error: { message: byField[field] ?? '' } };
  form.setFields(errors);
  return true;
}
