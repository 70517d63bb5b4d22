// Moving quota from the user's own wallet into the org's (POST /api/org/{id}/fund), on the org
// view of the wallet; the amount is in quota units, shown rendered beside the field.
import { Button, Card, InputNumber, Message, Space, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fundOrg } from './wallet.api';

export function OrgFundCard({ orgId, onFunded }: { orgId: number; onFunded: () => void }) {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const [quota, setQuota] = useState<number | undefined>();
  const fund = useMutation({
    mutationFn: (amount: number) => fundOrg(orgId, amount),
    onSuccess: () => {
      Message.success(t('wallet.orgFunded'));
      setQuota(undefined);
      onFunded();
    },
  });
  return (
    <Card title={t('wallet.orgFundTitle')} style={{ marginBottom: 16 }}>
      <Space wrap>
        <InputNumber
          min={1}
          precision={0}
          style={{ width: 200 }}
          aria-label={t('wallet.orgFundQuota')}
          placeholder={t('wallet.orgFundQuota')}
          value={quota}
          onChange={(value) => setQuota(value ? Math.floor(Number(value)) : undefined)}
          data-testid="org-fund-quota"
        />
        {quota ? <Typography.Text type="secondary">{renderQuota(quota)}</Typography.Text> : null}
        <Button
          type="primary"
          disabled={!quota}
          loading={fund.isPending}
          onClick={() => quota && fund.mutate(quota)}
          data-testid="org-fund-submit"
        >
          {t('wallet.orgFund')}
        </Button>
      </Space>
    </Card>
  );
}
