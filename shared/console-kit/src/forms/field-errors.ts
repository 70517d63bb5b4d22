// Field errors of a controlled form (one whose values live in React state, not in an Arco Form
// store): from the contracts schema and from a validation reply, shown with Form.Item's help.
import type { FormItemProps } from '@arco-design/web-react';
import { isValidationReplyData } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../http/api-error';
import { fieldIssue, type IssueMessages, issueMessage, type ObjectSchema } from './field-rules';

/** A message per bad field (dot-joined path). */
export type FieldErrorMap = Partial<Record<string, string>>;

/** Checks each field of the request the schema knows; the form's own texts win where it has them. */
export function schemaFieldErrors(
  schema: ObjectSchema,
  request: Record<string, unknown>,
  t: TFunction,
  messages: Partial<Record<string, IssueMessages>> = {},
): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const issue = fieldIssue(field, request[name]);
    if (issue) errors[name] = issueMessage(issue, t, messages[name]);
  }
  return errors;
}

/** The bad fields of a validation reply, or null when the error is something else. */
export function serverFieldErrorMap(
  error: unknown,
  t: TFunction,
  messages: Partial<Record<string, IssueMessages>> = {},
): FieldErrorMap | null {
  if (!isApiError(error) || !isValidationReplyData(error.data)) return null;
  const errors: FieldErrorMap = {};
  for (const field of error.data.fields) {
    errors[field.field] = issueMessage(field, t, messages[field.field]);
  }
  return errors;
}

/** Form.Item props that show the first error among the fields (under the control, in red). */
export function fieldErrorProps(
  errors: FieldErrorMap,
  ...fields: string[]
): Pick<FormItemProps, 'validateStatus' | 'help'> {
  const message = fields.map((field) => errors[field]).find(Boolean);
  return message ? { validateStatus: 'error', help: message } : {};
}
