// A form driven by a contracts schema: its rules, and a save whose validation refusal lands on the
// fields (any other failure goes to the central error handling).
import { Form, type FormInstance } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../errors/report-error';
import {
  type FieldRules,
  type FieldRulesOptions,
  fieldRules,
  type ObjectSchema,
} from './field-rules';
import { showServerFieldErrors } from './server-field-errors';

export interface ContractForm<S extends ObjectSchema, V> {
  form: FormInstance<V>;
  rules: FieldRules<keyof S['shape'] & string>;
  /**
   * Validates the fields, then runs the save with their values. A validation reply from the server
   * is shown under the fields; anything else is reported once, centrally. Resolves to the save's
   * result, or undefined when nothing was saved.
   */
  submit: <R>(save: (values: V) => Promise<R>) => Promise<R | undefined>;
}

/**
 * `schema` undefined while it loads: a page whose first paint should not wait for zod (the sign-in)
 * renders its fields at once and gets their rules when the schema arrives; the server checks the
 * same schema, and its refusal lands on the same fields.
 */
export function useContractForm<S extends ObjectSchema, V = Record<string, unknown>>(
  schema: S | undefined,
  options: FieldRulesOptions<keyof S['shape'] & string> = {},
): ContractForm<S, V> {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm<V>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rules change with the language.
  const rules = useMemo(
    () => (schema ? fieldRules(schema, t, options) : ({} as FieldRules<keyof S['shape'] & string>)),
    [schema, t, i18n.language],
  );
  const submit = async <R>(save: (values: V) => Promise<R>): Promise<R | undefined> => {
    let values: V;
    try {
      values = await form.validate();
    } catch {
      return undefined; // Arco shows each field's error under it.
    }
    try {
      return await save(values);
    } catch (error) {
      // The untyped view of the same store: server fields are named by string.
      const store = form as unknown as FormInstance;
      if (!showServerFieldErrors(store, error, t, options.messages)) reportError(error);
      return undefined;
    }
  };
  return { form, rules, submit };
}
