// An email field with a "send code" button that waits 30 seconds before it can resend.
import { Button, Input, Message } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendEmailCode } from '../pages/personal/personal.api';
import type { TurnstileState } from './turnstile';
import { useCountdown } from './use-countdown';

export const RESEND_SECONDS = 30;

export function EmailCodeInput({
  email = '',
  onEmail,
  testId,
  turnstile,
  id,
}: {
  /** The input's id (a Form.Item passes one, so its label names the input). */
  id?: string;
  /** Optional so a Form.Item can drive it (`trigger="onEmail"`, `triggerPropName="email"`). */
  email?: string;
  onEmail?: (value: string) => void;
  testId: string;
  /** On sign-up the code request is guarded by Turnstile too. */
  turnstile?: TurnstileState;
}) {
  const { t } = useTranslation('account');
  const countdown = useCountdown();
  const send = useMutation({
    mutationFn: (address: string) => sendEmailCode(address, turnstile?.token),
    onSuccess: () => {
      Message.success(t('email.codeSent'));
      countdown.start(RESEND_SECONDS);
    },
  });
  const click = () => {
    if (!email.trim()) {
      Message.error(t('email.required'));
      return;
    }
    if (turnstile && !turnstile.passed) {
      Message.info(t('auth.turnstileWait'));
      return;
    }
    send.mutate(email.trim());
  };
  return (
    <Input
      id={id}
      value={email}
      onChange={onEmail}
      placeholder={t('email.placeholder')}
      data-testid={`${testId}-email`}
      addAfter={
        <Button
          type="text"
          size="mini"
          loading={send.isPending}
          disabled={countdown.left > 0}
          onClick={click}
          data-testid={`${testId}-send-code`}
        >
          {countdown.left > 0
            ? t('email.resendIn', { seconds: countdown.left })
            : t('email.sendCode')}
        </Button>
      }
    />
  );
}
