// The dialog that opens when a token is created (and from a token's row): its quickstart.
import { Button, Modal } from '@arco-design/web-react';
import type { TokenView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { QuickstartPanel } from './quickstart-panel';

export interface QuickstartDialogProps {
  /** The token to show; null keeps the dialog closed. */
  token: TokenView | null;
  onClose: () => void;
}

export function QuickstartDialog({ token, onClose }: QuickstartDialogProps) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      visible={token !== null}
      title={t('quickstart.dialogTitle')}
      onCancel={onClose}
      unmountOnExit
      style={{ width: 720, maxWidth: 'calc(100vw - 24px)' }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="quickstart-done">
          {t('quickstart.done')}
        </Button>
      }
    >
      {token ? <QuickstartPanel token={token} /> : null}
    </Modal>
  );
}
