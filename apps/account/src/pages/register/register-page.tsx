// /register: username, password and confirmation; carries the referral code from `?aff=`.
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { fieldRules, useContractForm, useSessionStore } from '@switchyard/console-kit';
import { type RegisterRequest, USERNAME_MAX } from '@switchyard/contracts';
import { emailBindQuerySchema, registerRequestSchema } from '@switchyard/contracts/schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { EmailCodeInput } from '../../components/email-code-input';
import { TextLink } from '../../components/text-link';
import { TurnstileWidget, useTurnstile } from '../../components/turnstile';
import { RemoteRoot } from '../../remote';
import { rememberAffCode } from './aff-code';
import { useRegister } from './use-register';

interface RegistrationForm {
  username: string;
  password: string;
  password2: string;
  email?: string;
  code?: string;
}

export function RegisterPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const status = useSessionStore((state) => state.status);
  const [affCode] = useState(() => rememberAffCode(params.get('aff')));
  const required = { required: t('register.fieldsRequired') };
  const { form, rules, submit } = useContractForm<typeof registerRequestSchema, RegistrationForm>(
    registerRequestSchema,
    {
      messages: {
        username: { ...required, tooLong: t('register.usernameTooLong') },
        password: {
          ...required,
          tooShort: t('register.passwordTooShort'),
          tooLong: t('register.passwordTooLong'),
        },
      },
    },
  );
  const emailRules = useMemo(
    () =>
      fieldRules(emailBindQuerySchema, t, {
        messages: {
          email: { required: t('email.required') },
          code: { required: t('email.codeRequired') },
        },
      }),
    [t],
  );
  const confirmRules = [
    {
      validator: (value: string | undefined, callback: (error?: string) => void) =>
        callback(
          (value ?? '') === form.getFieldValue('password')
            ? undefined
            : t('register.passwordMismatch'),
        ),
    },
  ];
  const emailVerification = status?.email_verification === true;
  const turnstile = useTurnstile();
  const registerMutation = useRegister();
  const open = status?.register_enabled !== false && status?.password_register !== false;

  const signUp = () =>
    submit(async (values) => {
      if (!turnstile.passed) {
        Message.info(t('auth.turnstileWait'));
        return;
      }
      const request: RegisterRequest = {
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        ...(affCode ? { aff_code: affCode } : {}),
        ...(emailVerification
          ? { email: (values.email ?? '').trim(), verification_code: (values.code ?? '').trim() }
          : {}),
      };
      await registerMutation.mutateAsync({ ...request, turnstile: turnstile.token });
    });

  return (
    <RemoteRoot testId="register-page">
      <AuthCard
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        footer={
          <div>
            {t('register.haveAccount')}{' '}
            <TextLink to="/login" testId="register-login-link">
              {t('register.login')}
            </TextLink>
          </div>
        }
      >
        {open ? (
          <Form form={form} layout="vertical" onSubmit={() => void signUp()}>
            <Form.Item label={t('auth.username')} field="username" rules={rules.username}>
              <Input
                prefix={<IconUser />}
                maxLength={USERNAME_MAX}
                placeholder={t('register.usernamePlaceholder')}
                autoComplete="username"
                data-testid="register-username"
              />
            </Form.Item>
            <Form.Item label={t('auth.password')} field="password" rules={rules.password}>
              <Input.Password
                prefix={<IconLock />}
                placeholder={t('register.passwordPlaceholder')}
                autoComplete="new-password"
                data-testid="register-password"
              />
            </Form.Item>
            <Form.Item
              label={t('register.password2')}
              field="password2"
              rules={confirmRules}
              required
            >
              <Input.Password
                prefix={<IconLock />}
                placeholder={t('register.password2Placeholder')}
                autoComplete="new-password"
                data-testid="register-password2"
              />
            </Form.Item>
            {emailVerification ? (
              <>
                <Form.Item
                  label={t('personal.email')}
                  field="email"
                  rules={emailRules.email}
                  trigger="onEmail"
                  triggerPropName="email"
                >
                  <EmailCodeInput testId="register" turnstile={turnstile} />
                </Form.Item>
                <Form.Item label={t('email.codePlaceholder')} field="code" rules={emailRules.code}>
                  <Input data-testid="register-code" />
                </Form.Item>
              </>
            ) : null}
            {affCode ? (
              <Alert
                type="success"
                content={t('register.affCode', { code: affCode })}
                style={{ marginBottom: 16 }}
                data-testid="register-aff"
              />
            ) : null}
            <TurnstileWidget onToken={turnstile.setToken} />
            <Button
              type="primary"
              htmlType="submit"
              long
              loading={registerMutation.isPending}
              data-testid="register-submit"
            >
              {t('register.submit')}
            </Button>
          </Form>
        ) : (
          <Alert type="info" content={t('register.closed')} data-testid="register-closed" />
        )}
      </AuthCard>
    </RemoteRoot>
  );
}
