// The redeem-code box of the wallet (POST /api/user/topup).
import { Button, Card, Input, Message, Modal, Space } from '@arco-design/web-react';
import { isApiError, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemCode } from './wallet.api';

export function RedeemCard({ onRedeemed }: { onRedeemed: () => void }) {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const topUpLink = useSessionStore((state) => state.status?.top_up_link ?? '');
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: redeemCode,
    meta: { silent: true },
    onSuccess: (quota) => {
      Message.success(t('wallet.redeemed'));
      Modal.success({
        title: t('wallet.redeemedTitle'),
        content: t('wallet.redeemedContent', { amount: renderQuota(quota) }),
      });
      setCode('');
      onRedeemed();
    },
    onError: (error) =>
      Message.error(
        isApiError(error) && error.kind === 'refused' ? error.message : t('wallet.requestFailed'),
      ),
  });

  const submit = () => {
    const key = code.trim();
    if (!key) {
      Message.warning(t('wallet.emptyCode'));
      return;
    }
    redeem.mutate(key);
  };

  const openTopUpLink = () => {
    if (topUpLink) window.open(topUpLink, '_blank', 'noopener');
    else Message.error(t('wallet.noTopUpLink'));
  };

  return (
    <Card title={t('wallet.redeemTitle')} style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={setCode}
          onPressEnter={submit}
          placeholder={t('wallet.redeemPlaceholder')}
          data-testid="redeem-code"
        />
        <Space>
          <Button onClick={openTopUpLink} data-testid="redeem-get-code">
            {t('wallet.getCode')}
          </Button>
          <Button
            type="primary"
            loading={redeem.isPending}
            onClick={submit}
            data-testid="redeem-submit"
          >
            {t('wallet.redeem')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
