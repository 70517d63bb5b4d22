// /reset: mails a password-reset link to the address (resend after 30 seconds).
import { Button, Input, Message } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { RemoteRoot } from '../../components/remote-root';
import { TextLink } from '../../components/text-link';
import { TurnstileWidget, useTurnstile } from '../../components/turnstile';
import { useCountdown } from '../../components/use-countdown';
import { requestReset } from './reset.api';

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const countdown = useCountdown();
  const turnstile = useTurnstile();
  const send = useMutation({
    mutationFn: (address: string) => requestReset(address, turnstile.token),
    onSuccess: () => {
      Message.success(t('reset.sent'));
      countdown.start(30);
    },
  });
  const submit = () => {
    if (!email.trim()) return Message.error(t('email.required'));
    if (!turnstile.passed) return Message.info(t('auth.turnstileWait'));
    send.mutate(email.trim());
  };
  return (
    <RemoteRoot testId="reset-page">
      <AuthCard
        title={t('reset.title')}
        subtitle={t('reset.subtitle')}
        footer={<TextLink to="/login">{t('register.login')}</TextLink>}
      >
        <Input
          value={email}
          onChange={setEmail}
          placeholder={t('email.placeholder')}
          data-testid="reset-email"
          style={{ marginBottom: 16 }}
        />
        <TurnstileWidget onToken={turnstile.setToken} />
        <Button
          type="primary"
          long
          loading={send.isPending}
          disabled={countdown.left > 0}
          onClick={submit}
          data-testid="reset-submit"
        >
          {countdown.left > 0
            ? t('email.resendIn', { seconds: countdown.left })
            : t('reset.submit')}
        </Button>
      </AuthCard>
    </RemoteRoot>
  );
}
