// /reset: mails a password-reset link to the address (resend after 30 seconds).
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useContractForm } from '@switchyard/console-kit';
import { emailQuerySchema } from '@switchyard/contracts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/auth-card';
import { TextLink } from '../../components/text-link';
import { TurnstileWidget, useTurnstile } from '../../components/turnstile';
import { useCountdown } from '../../components/use-countdown';
import { RemoteRoot } from '../../remote';
import { requestReset } from './reset.api';

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { form, rules, submit } = useContractForm<typeof emailQuerySchema, { email: string }>(
    emailQuerySchema,
    { messages: { email: { required: t('email.required') } } },
  );
  const countdown = useCountdown();
  const turnstile = useTurnstile();
  const send = useMutation({
    mutationFn: (address: string) => requestReset(address, turnstile.token),
    onSuccess: () => {
      Message.success(t('reset.sent'));
      countdown.start(30);
    },
    // The form shows a failed request itself (under the field when the server names it).
    meta: { silent: true },
  });
  const sendLink = () =>
    submit(async ({ email }) => {
      if (!turnstile.passed) {
        Message.info(t('auth.turnstileWait'));
        return;
      }
      await send.mutateAsync(email.trim());
    });
  return (
    <RemoteRoot testId="reset-page">
      <AuthCard
        title={t('reset.title')}
        subtitle={t('reset.subtitle')}
        footer={<TextLink to="/login">{t('register.login')}</TextLink>}
      >
        <Form form={form} layout="vertical" onSubmit={() => void sendLink()}>
          <Form.Item label={t('personal.email')} field="email" rules={rules.email}>
            <Input placeholder={t('email.placeholder')} data-testid="reset-email" />
          </Form.Item>
        </Form>
        <TurnstileWidget onToken={turnstile.setToken} />
        <Button
          type="primary"
          long
          loading={send.isPending}
          disabled={countdown.left > 0}
          onClick={() => void sendLink()}
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
