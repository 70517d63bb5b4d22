// /register: username, password and confirmation; carries the referral code from `?aff=`.
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { useSessionStore } from '@switchyard/console-kit';
import { type RegisterRequest, USERNAME_MAX } from '@switchyard/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { EmailCodeInput } from '../../components/email-code-input';
import { RemoteRoot } from '../../components/remote-root';
import { TextLink } from '../../components/text-link';
import { TurnstileWidget, useTurnstile } from '../../components/turnstile';
import { rememberAffCode } from './aff-code';
import { useRegister } from './use-register';
import { validateRegistration } from './validate-registration';

export function RegisterPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const status = useSessionStore((state) => state.status);
  const [affCode] = useState(() => rememberAffCode(params.get('aff')));
  const [form, setForm] = useState({ username: '', password: '', password2: '' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const emailVerification = status?.email_verification === true;
  const turnstile = useTurnstile();
  const registerMutation = useRegister();
  const open = status?.register_enabled !== false && status?.password_register !== false;

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
  });

  const submit = () => {
    const request: RegisterRequest = {
      username: form.username.trim(),
      password: form.password,
      password2: form.password2,
      ...(affCode ? { aff_code: affCode } : {}),
      ...(emailVerification ? { email: email.trim(), verification_code: code.trim() } : {}),
    };
    const problem = validateRegistration(form, request);
    if (problem) {
      Message.error(t(problem));
      return;
    }
    if (emailVerification && !email.trim()) return Message.error(t('email.required'));
    if (emailVerification && !code.trim()) return Message.error(t('email.codeRequired'));
    if (!turnstile.passed) return Message.info(t('auth.turnstileWait'));
    registerMutation.mutate({ ...request, turnstile: turnstile.token });
  };

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
          <Form layout="vertical" onSubmit={submit}>
            <Form.Item label={t('auth.username')}>
              <Input
                prefix={<IconUser />}
                maxLength={USERNAME_MAX}
                placeholder={t('register.usernamePlaceholder')}
                autoComplete="username"
                data-testid="register-username"
                {...field('username')}
              />
            </Form.Item>
            <Form.Item label={t('auth.password')}>
              <Input.Password
                prefix={<IconLock />}
                placeholder={t('register.passwordPlaceholder')}
                autoComplete="new-password"
                data-testid="register-password"
                {...field('password')}
              />
            </Form.Item>
            <Form.Item label={t('register.password2')}>
              <Input.Password
                prefix={<IconLock />}
                placeholder={t('register.password2Placeholder')}
                autoComplete="new-password"
                data-testid="register-password2"
                {...field('password2')}
              />
            </Form.Item>
            {emailVerification ? (
              <>
                <Form.Item label={t('personal.email')}>
                  <EmailCodeInput
                    email={email}
                    onEmail={setEmail}
                    testId="register"
                    turnstile={turnstile}
                  />
                </Form.Item>
                <Form.Item label={t('email.codePlaceholder')}>
                  <Input value={code} onChange={setCode} data-testid="register-code" />
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
