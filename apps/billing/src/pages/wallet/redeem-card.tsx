// The redeem-code box of the wallet (POST /api/user/topup); a refusal shows under the field.
import { Button, Card, Form, Input, Message, Modal, Space } from '@arco-design/web-react';
import { isApiError, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemCode } from './wallet.api';

export interface RedeemCardProps {
  onRedeemed: () => void;
  /** Where the code goes (default: the user's wallet; an org's from the org wallet view). */
  redeem?: (key: string) => Promise<number>;
}

export function RedeemCard({ onRedeemed, redeem: redeemInto = redeemCode }: RedeemCardProps) {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const topUpLink = useSessionStore((state) => state.status?.top_up_link ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const redeem = useMutation({
    mutationFn: redeemInto,
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
    onError: (failure) =>
      setError(
        isApiError(failure) && failure.kind === 'refused'
          ? failure.message
          : t('wallet.requestFailed'),
      ),
  });

  const submit = () => {
    const key = code.trim();
    if (!key) {
      setError(t('wallet.emptyCode'));
      return;
    }
    redeem.mutate(key);
  };

  return (
    <Card title={t('wallet.redeemTitle')} style={{ marginBottom: 16 }}>
      {/* Enter redeems through the input's onPressEnter alone, not a second time as a submit. */}
      <Form layout="vertical">
        <Form.Item
          label={t('redeemField.label')}
          {...(error ? { validateStatus: 'error' as const, help: error } : {})}
        >
          <Input
            value={code}
            onChange={(value) => {
              setCode(value);
              setError('');
            }}
            onPressEnter={submit}
            placeholder={t('wallet.redeemPlaceholder')}
            data-testid="redeem-code"
          />
        </Form.Item>
        <Space>
          {/* The spec's "get code" button exists only when a top-up link is configured. */}
          {topUpLink ? (
            <Button
              onClick={() => window.open(topUpLink, '_blank', 'noopener')}
              data-testid="redeem-get-code"
            >
              {t('wallet.getCode')}
            </Button>
          ) : null}
          <Button
            type="primary"
            loading={redeem.isPending}
            onClick={submit}
            data-testid="redeem-submit"
          >
            {t('wallet.redeem')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
