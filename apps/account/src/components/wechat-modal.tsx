// The WeChat verification-code dialog: scan the official account's QR code, get a code (valid
// three minutes), type it here. Used to sign in and to bind.
import { Button, Input, Message, Modal } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function WeChatModal({
  title,
  visible,
  onClose,
  submit,
  onDone,
}: {
  /** The dialog's title; signing in by default. */
  title?: string;
  visible: boolean;
  onClose: () => void;
  submit: (code: string) => Promise<unknown>;
  onDone: (result: unknown) => void;
}) {
  const { t } = useTranslation('account');
  const qrcode = useSessionStore((state) => state.status?.wechat_qrcode);
  const [code, setCode] = useState('');
  // A code is good once: a successful one is cleared so the dialog opens empty next time.
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: (result) => {
      setCode('');
      onDone(result);
    },
  });
  const send = () => {
    if (!code.trim()) {
      Message.error(t('wechat.codeRequired'));
      return;
    }
    mutation.mutate(code.trim());
  };
  return (
    <Modal title={title ?? t('wechat.title')} visible={visible} onCancel={onClose} footer={null}>
      <div style={{ textAlign: 'center' }} data-testid="wechat-modal">
        {qrcode ? <img src={qrcode} alt={t('wechat.qrcode')} width={180} height={180} /> : null}
        <p>{t('wechat.hint')}</p>
        <Input
          value={code}
          onChange={setCode}
          onPressEnter={send}
          placeholder={t('wechat.code')}
          data-testid="wechat-code"
        />
        <Button
          type="primary"
          long
          style={{ marginTop: 12 }}
          loading={mutation.isPending}
          onClick={send}
          data-testid="wechat-submit"
        >
          {t('wechat.submit')}
        </Button>
      </div>
    </Modal>
  );
}
