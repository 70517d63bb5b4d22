// The console's field rules say what the server says for the same bad input, in both languages.
import { Form, Input } from '@arco-design/web-react';
import type { FieldIssueCode, Language } from '@switchyard/contracts';
import {
  createChannelRequestSchema,
  createRedemptionRequestSchema,
  createTokenRequestSchema,
  createUserRequestSchema,
  emailBindQuerySchema,
  loginRequestSchema,
} from '@switchyard/contracts/schemas';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../../../apps/server/src/lib/validation';
import { ApiError } from '../http/api-error';
import { i18next, initI18n } from '../i18n/i18n';
import { installMatchMedia } from '../testing/dom-shims';
import { type FieldSchema, fieldRules, isRequiredField, type ObjectSchema } from './field-rules';
import { showServerFieldErrors } from './server-field-errors';

/** Runs a field's rules as Arco does (required first, then the validator): the first message. */
async function ruleMessage(schema: ObjectSchema, field: string, value: unknown, t: TFunction) {
  const rules = fieldRules(schema, t)[field] ?? [];
  for (const rule of rules) {
    if (rule.required && (value === undefined || value === null || value === '')) {
      return String(rule.message);
    }
    if (rule.validator) {
      const message = await new Promise<unknown>((resolve) => rule.validator?.(value, resolve));
      if (message) return String(message);
    }
  }
  return undefined;
}

interface Case {
  schema: ObjectSchema & {
    safeParse: (input: unknown, params: { reportInput: boolean }) => unknown;
  };
  input: Record<string, unknown>;
  codes: Record<string, FieldIssueCode>;
}

const cases: Record<string, Case> = {
  'redemption with a blank name, a negative quota and a fractional count': {
    schema: createRedemptionRequestSchema,
    input: { name: '   ', quota: -1, count: 1.5 },
    codes: { name: 'required', quota: 'tooSmall', count: 'integer' },
  },
  'redemption with too long a name and too many codes': {
    schema: createRedemptionRequestSchema,
    input: { name: 'x'.repeat(200), quota: 1, count: 1_000_000 },
    codes: { name: 'tooLong', count: 'tooLarge' },
  },
  'token with no quota and a zero expiry': {
    schema: createTokenRequestSchema,
    input: {
      name: 'n',
      expired_time: 0,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
    },
    codes: { remain_quota: 'required', expired_time: 'above' },
  },
  'user with a short password and an empty username': {
    schema: createUserRequestSchema,
    input: { username: '', password: 'short' },
    codes: { username: 'required', password: 'tooShort' },
  },
  'email binding with a malformed email and no code': {
    schema: emailBindQuerySchema,
    input: { email: 'not-an-email', code: '' },
    codes: { email: 'email', code: 'required' },
  },
  'channel with a priority below the minimum and a text weight': {
    schema: createChannelRequestSchema,
    input: { name: 'c', key: 'k', models: 'm', priority: -5000, weight: 'heavy' },
    codes: { priority: 'tooSmall', weight: 'type' },
  },
};

describe('field rules from the contracts', () => {
  beforeAll(() => initI18n());

  for (const language of ['en', 'zh'] as Language[]) {
    for (const [name, { schema, input, codes }] of Object.entries(cases)) {
      it(`${language}: ${name} — the same message as the server, field by field`, async () => {
        await i18next.changeLanguage(language);
        const t = i18next.t.bind(i18next) as TFunction;
        const parsed = schema.safeParse(input, { reportInput: true }) as {
          success: boolean;
          error?: { issues: Parameters<typeof fieldErrors>[0] };
        };
        expect(parsed.success).toBe(false);
        const server = fieldErrors(parsed.error?.issues ?? [], language);
        expect(Object.fromEntries(server.map((error) => [error.field, error.code]))).toEqual(codes);
        for (const error of server) {
          const client = await ruleMessage(schema, error.field, input[error.field], t);
          expect(client, error.field).toBe(error.message);
        }
      });
    }
  }

  it('marks as required exactly the fields that may be neither absent nor empty', () => {
    const shape = createTokenRequestSchema.shape as unknown as Record<string, FieldSchema>;
    const required = Object.entries(shape)
      .filter(([, field]) => isRequiredField(field))
      .map(([key]) => key);
    expect(required).toEqual([
      'name',
      'remain_quota',
      'expired_time',
      'unlimited_quota',
      'model_limits_enabled',
    ]);
  });

  it("uses the form's own text for an issue where the spec gives one", async () => {
    await i18next.changeLanguage('zh');
    const t = i18next.t.bind(i18next) as TFunction;
    const rules = fieldRules(loginRequestSchema, t, {
      messages: { username: { required: '请输入用户名和密码！' } },
    });
    expect(rules.username[0]).toMatchObject({ required: true, message: '请输入用户名和密码！' });
    expect(rules.password[0]).toMatchObject({ required: true, message: '此项为必填项' });
  });
});

describe('a validation reply on the form', () => {
  beforeAll(() => {
    installMatchMedia();
    initI18n();
  });

  function NameForm({ onForm }: { onForm: (form: ReturnType<typeof Form.useForm>[0]) => void }) {
    const [form] = Form.useForm();
    onForm(form);
    return (
      <Form form={form}>
        <Form.Item label="Name" field="name">
          <Input />
        </Form.Item>
      </Form>
    );
  }

  it("shows the server's field error under the field, without the raw prefix", async () => {
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next) as TFunction;
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    render(<NameForm onForm={(instance) => (form = instance)} />);
    const error = new ApiError('Invalid request: name must be at least 1 characters', {
      kind: 'http',
      status: 400,
      data: {
        fields: [
          { field: 'name', code: 'required', params: {}, message: 'This field is required' },
        ],
      },
    });
    let shown = false;
    act(() => {
      shown = showServerFieldErrors(form as NonNullable<typeof form>, error, t);
    });
    expect(shown).toBe(true);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid request/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'x' } });
  });

  it('leaves an error naming a field the form lacks to the central handling', () => {
    const t = i18next.t.bind(i18next) as TFunction;
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    render(<NameForm onForm={(instance) => (form = instance)} />);
    const error = new ApiError('Invalid request', {
      kind: 'http',
      status: 400,
      data: { fields: [{ field: 'id', code: 'required', params: {}, message: 'x' }] },
    });
    expect(showServerFieldErrors(form as NonNullable<typeof form>, error, t)).toBe(false);
  });
});
