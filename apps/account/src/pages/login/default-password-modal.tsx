// Shown after logging in as root with the default password: change it now, or continue.
import { Button, Modal, Space, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

export interface DefaultPasswordModalProps {
  visible: boolean;
  onChange: () => void;
  onLater: () => void;
}

export function DefaultPasswordModal({ visible, onChange, onLater }: DefaultPasswordModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal
      title={t('defaultPassword.title')}
      visible={visible}
      onCancel={onLater}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onLater} data-testid="default-password-later">
            {t('defaultPassword.later')}
          </Button>
          <Button
            type="primary"
            status="warning"
            onClick={onChange}
            data-testid="default-password-change"
          >
            {t('defaultPassword.change')}
          </Button>
        </Space>
      }
    >
      <div data-testid="default-password-modal">
        <Typography.Paragraph>{t('defaultPassword.content')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
