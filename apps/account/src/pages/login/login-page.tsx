// /login: username and password (when password login is on), links to sign up and reset.
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconGithub, IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { reportError, Spinner, useContractForm, useSessionStore } from '@switchyard/console-kit';
import type { LoginRequest, SessionUser } from '@switchyard/contracts';
import type { loginRequestSchema } from '@switchyard/contracts/schemas';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { startGitHubOAuth } from '../../components/github-oauth';
import { passkeysSupported } from '../../components/passkey-ceremony';
import { TelegramWidget } from '../../components/telegram-widget';
import { TextLink } from '../../components/text-link';
import { TurnstileWidget, useTurnstile } from '../../components/turnstile';
import { RemoteRoot } from '../../remote';
import {
  preloadOAuth,
  startOidc,
  type TelegramAuth,
  telegramLogin,
  wechatLogin,
} from '../oauth/oauth.api';
import { SECOND_FACTOR_PARAM, useLogin } from './use-login';
import { loadLoginSchema, useLoginSchema } from './use-login-schema';
import { usePageSignInForm } from './use-page-sign-in-form';
import { usePasskeySignIn } from './use-passkey-sign-in';

// The dialogs load when first opened: few sign-ins show them, and the form comes sooner without.
// The oauth table loads with the dialog, so submitting the code waits for no further chunk.
const WeChatModal = lazy(async () => {
  const [modal] = await Promise.all([import('../../components/wechat-modal'), preloadOAuth()]);
  return { default: modal.WeChatModal };
});
// So is the second-factor step, which only accounts with one reach, after the password.
const SecondFactorForm = lazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));
const DefaultPasswordModal = lazy(async () => ({
  default: (await import('./default-password-modal')).DefaultPasswordModal,
}));

export const AFTER_LOGIN_PATH = '/token';
export const CHANGE_PASSWORD_PATH = '/setting?tab=personal';

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSessionStore((state) => state.status);
  // Both fields empty or either one: the spec's one message (请输入用户名和密码！) under the field.
  const required = { required: t('login.fieldsRequired') };
  const schema = useLoginSchema();
  const { form, rules, submit } = useContractForm<typeof loginRequestSchema, LoginRequest>(schema, {
    messages: { username: required, password: required },
  });
  const [warnDefaultPassword, setWarnDefaultPassword] = useState(false);
  const turnstile = useTurnstile();
  const setUser = useSessionStore((state) => state.setUser);
  const [wechatOpen, setWeChatOpen] = useState(false);
  const [wechatOpened, setWeChatOpened] = useState(false);
  // After a messaging-app or bot sign-in the user goes to / (spec §2).
  const signedInElsewhere = useCallback(
    (user: unknown) => {
      setUser(user as SessionUser);
      Message.success(t('login.success'));
      navigate('/');
    },
    [navigate, setUser, t],
  );
  const onTelegram = useCallback(
    (auth: TelegramAuth) => {
      telegramLogin(auth).then(signedInElsewhere, reportError);
    },
    [signedInElsewhere],
  );
  const [secondFactor, setSecondFactor] = useState(params.get(SECOND_FACTOR_PARAM) === '1');
  const loginMutation = useLogin(
    (usedDefaultPassword) => {
      if (usedDefaultPassword) setWarnDefaultPassword(true);
      else navigate(AFTER_LOGIN_PATH);
    },
    () => setSecondFactor(true),
  );

  // A passkey stands for both factors: its sign-in goes straight in.
  const passkey = usePasskeySignIn(() => navigate(AFTER_LOGIN_PATH));
  const passwordLogin = status?.password_login !== false;
  const registration = status?.register_enabled !== false;

  // A submit before the schema has arrived runs once its rules are on the fields.
  const [submitWaiting, setSubmitWaiting] = useState(false);
  const signIn = () => {
    if (!schema) {
      void loadLoginSchema();
      setSubmitWaiting(true);
      return;
    }
    void submit(async ({ username, password }) => {
      if (!turnstile.passed) {
        Message.info(t('auth.turnstileWait'));
        return;
      }
      await loginMutation.mutateAsync({
        username: username.trim(),
        password,
        turnstile: turnstile.token,
      });
    });
  };
  useEffect(() => {
    if (!schema || !submitWaiting) return;
    setSubmitWaiting(false);
    signIn();
  });
  const usernameInput = useRef<RefInputType>(null);
  const passwordInput = useRef<RefInputType>(null);
  usePageSignInForm(form, { username: usernameInput, password: passwordInput }, signIn);

  return (
    <RemoteRoot testId="login-page">
      <AuthCard
        title={t('login.title')}
        subtitle={t('login.subtitle')}
        footer={
          <>
            {registration ? (
              <div>
                {t('login.noAccount')}{' '}
                <TextLink to="/register" testId="login-register-link">
                  {t('login.register')}
                </TextLink>
              </div>
            ) : null}
            <div style={{ marginTop: 6 }}>
              {t('login.forgot')}{' '}
              <TextLink to="/reset" testId="login-reset-link">
                {t('login.reset')}
              </TextLink>
            </div>
          </>
        }
      >
        {params.get('expired') === 'true' ? (
          <Alert
            type="warning"
            content={t('login.expired')}
            style={{ marginBottom: 16 }}
            data-testid="login-expired"
          />
        ) : null}
        {secondFactor ? (
          <Suspense fallback={<Spinner minHeight={120} />}>
            <SecondFactorForm onDone={() => navigate(AFTER_LOGIN_PATH)} />
          </Suspense>
        ) : passwordLogin ? (
          <Form form={form} layout="vertical" onSubmit={signIn} autoComplete="on">
            <Form.Item label={t('auth.username')} field="username" rules={rules.username}>
              <Input
                ref={usernameInput}
                prefix={<IconUser />}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                data-testid="login-username"
              />
            </Form.Item>
            <Form.Item label={t('auth.password')} field="password" rules={rules.password}>
              <Input.Password
                ref={passwordInput}
                prefix={<IconLock />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <TurnstileWidget onToken={turnstile.setToken} />
            <Button
              type="primary"
              htmlType="submit"
              long
              loading={loginMutation.isPending}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Form>
        ) : (
          <Alert
            type="info"
            content={t('login.passwordLoginDisabled')}
            data-testid="password-login-off"
          />
        )}
      </AuthCard>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: 8,
          marginTop: -32,
        }}
      >
        {passkeysSupported() && !secondFactor ? (
          <Button
            icon={<IconSafe />}
            loading={passkey.pending}
            onClick={() => void passkey.start()}
            data-testid="login-passkey"
          >
            {t('passkeys.signIn')}
          </Button>
        ) : null}
        {status?.github_oauth ? (
          <Button
            icon={<IconGithub />}
            onClick={() => void startGitHubOAuth(status)}
            data-testid="login-github"
          >
            {t('oauth.github')}
          </Button>
        ) : null}
        {status?.oidc ? (
          <Button onClick={() => void startOidc()} data-testid="login-oidc">
            {status.oidc_button_text || t('oauth.oidc')}
          </Button>
        ) : null}
        {status?.wechat_login ? (
          <Button
            onClick={() => {
              setWeChatOpened(true);
              setWeChatOpen(true);
            }}
            data-testid="login-wechat"
          >
            {t('wechat.login')}
          </Button>
        ) : null}
        <TelegramWidget onAuth={onTelegram} />
      </div>
      <Suspense fallback={null}>
        {wechatOpened ? (
          <WeChatModal
            visible={wechatOpen}
            onClose={() => setWeChatOpen(false)}
            submit={wechatLogin}
            onDone={signedInElsewhere}
          />
        ) : null}
        {warnDefaultPassword ? (
          <DefaultPasswordModal
            visible
            onChange={() => navigate(CHANGE_PASSWORD_PATH)}
            onLater={() => navigate(AFTER_LOGIN_PATH)}
          />
        ) : null}
      </Suspense>
    </RemoteRoot>
  );
}
