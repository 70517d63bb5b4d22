// Arco Form rules from a contracts zod schema: the same schema the server validates with decides
// what each field accepts, and the message is the one the server would give for that field.
import type { RulesProps } from '@arco-design/web-react';
import { type FieldIssue, type FieldIssueCode, fieldIssueOf } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

type ZodIssue = Parameters<typeof fieldIssueOf>[0];

/** The part of a zod schema the helper uses (so the console kit needs no zod at run time). */
export interface FieldSchema {
  safeParse(
    value: unknown,
    params?: { reportInput?: boolean },
  ): { success: true } | { success: false; error: { issues: readonly ZodIssue[] } };
}
export interface ObjectSchema {
  shape: Record<string, FieldSchema>;
}

/** A form's own texts (the spec's, e.g. 请填写渠道名称和渠道密钥！) for some issues of a field. */
export type IssueMessages = Partial<Record<FieldIssueCode, string>>;

export interface FieldRulesOptions<K extends string> {
  messages?: Partial<Record<K, IssueMessages>>;
}

export type FieldRules<K extends string> = Record<K, RulesProps[]>;

/** The text of an issue: the form's own for this code, else the console's (equal to the server's). */
export function issueMessage(issue: FieldIssue, t: TFunction, own?: IssueMessages): string {
  return own?.[issue.code] ?? t(`common:form.issue.${issue.code}`, issue.params);
}

/** The field's first issue for this value, or null when the schema accepts it. */
export function fieldIssue(field: FieldSchema, value: unknown): FieldIssue | null {
  // With the input in each issue, as the server parses: a wrong type is told from a missing value.
  const result = field.safeParse(value, { reportInput: true });
  if (result.success) return null;
  const first = result.error.issues[0];
  return first ? fieldIssueOf(first) : { code: 'invalid', params: {} };
}

const accepts = (field: FieldSchema, value: unknown) => field.safeParse(value).success;

/** A field the schema refuses both absent and empty: it gets Arco's required marker. */
export const isRequiredField = (field: FieldSchema): boolean =>
  !accepts(field, undefined) && !accepts(field, '');

function rulesOf(field: FieldSchema, t: TFunction, own?: IssueMessages): RulesProps[] {
  const required = isRequiredField(field);
  // An untouched text input is undefined; a schema that accepts '' reads it as ''.
  const emptyIsBlank = accepts(field, '');
  const validator: RulesProps['validator'] = (value, callback) => {
    const input = value === undefined && emptyIsBlank ? '' : value;
    const issue = fieldIssue(field, input);
    callback(issue ? issueMessage(issue, t, own) : undefined);
  };
  if (!required) return [{ validator }];
  const message = issueMessage({ code: 'required', params: {} }, t, own);
  return [{ required: true, message }, { validator }];
}

/** Rules for every field of the schema, keyed like it; use `rules={rules.name}` on a Form.Item. */
export function fieldRules<S extends ObjectSchema>(
  schema: S,
  t: TFunction,
  options: FieldRulesOptions<keyof S['shape'] & string> = {},
): FieldRules<keyof S['shape'] & string> {
  const rules = {} as FieldRules<keyof S['shape'] & string>;
  for (const [name, field] of Object.entries(schema.shape) as Array<
    [keyof S['shape'] & string, FieldSchema]
  >) {
    rules[name] = rulesOf(field, t, options.messages?.[name]);
  }
  return rules;
}
