// The second step of a password sign-in: a code from the authenticator app, or a recovery code.
import { Button, Form, Input, Link, Message } from '@arco-design/web-react';
import { reportError, useSessionStore } from '@switchyard/console-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginSecondFactor } from './login.api';

export function SecondFactorForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const setUser = useSessionStore((state) => state.setUser);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const answer = value.trim();
    if (!answer) {
      Message.warning(t(recovery ? 'twoFactor.recoveryRequired' : 'twoFactor.codeRequired'));
      return;
    }
    setPending(true);
    try {
      const user = await loginSecondFactor(recovery ? { recovery_code: answer } : { code: answer });
      setUser(user);
      Message.success(t('login.success'));
      onDone();
    } catch (error) {
      reportError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form layout="vertical" onSubmit={() => void submit()} data-testid="login-2fa">
      <Form.Item label={t(recovery ? 'twoFactor.recoveryLabel' : 'twoFactor.codeLabel')}>
        <Input
          value={value}
          onChange={setValue}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          placeholder={t(recovery ? 'twoFactor.recoveryPlaceholder' : 'twoFactor.codePlaceholder')}
          data-testid="login-2fa-code"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        long
        loading={pending}
        data-testid="login-2fa-submit"
      >
        {t('twoFactor.verify')}
      </Button>
      <Link
        style={{ marginTop: 8, display: 'inline-block' }}
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
        }}
        data-testid="login-2fa-toggle"
      >
        {t(recovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
      </Link>
    </Form>
  );
}
