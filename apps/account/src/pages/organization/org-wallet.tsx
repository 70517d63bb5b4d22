// The org's wallet: its balance and what it has paid; owners and admins move quota in from their
// own wallet. Any member makes a key paid from it (bounded by their cap).
import { Button, Descriptions, InputNumber, Space, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import type { OrgDetail } from '@switchyard/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateOrgToken, useFundOrg } from './use-org';

export function OrgWallet({ org }: { org: OrgDetail }) {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const fund = useFundOrg(org.id);
  const key = useCreateOrgToken(org.id);
  const [amount, setAmount] = useState<number | undefined>();
  const manager = org.role === 'owner' || org.role === 'admin';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions
        column={{ xs: 1, sm: 3 }}
        data={[
          {
            label: t('org.balance'),
            value: <span data-testid="org-balance">{renderQuota(org.quota)}</span>,
          },
          { label: t('org.used'), value: renderQuota(org.used_quota) },
          { label: t('org.requests'), value: org.request_count },
        ]}
      />
      {manager ? (
        <Space wrap>
          <InputNumber
            min={1}
            style={{ width: 180 }}
            aria-label={t('org.fundAmount')}
            placeholder={t('org.fundAmount')}
            value={amount}
            onChange={(value) => setAmount(value === undefined ? undefined : Number(value))}
            data-testid="org-fund-amount"
          />
          <Button
            type="primary"
            disabled={!amount}
            loading={fund.isPending}
            onClick={() => amount && fund.mutate(amount)}
            data-testid="org-fund"
          >
            {t('org.fund')}
          </Button>
        </Space>
      ) : null}
      <Space wrap>
        <Button
          onClick={() => key.mutate(`${org.name} key`)}
          loading={key.isPending}
          data-testid="org-key-create"
        >
          {t('org.createKey')}
        </Button>
        {key.data ? (
          <Typography.Paragraph
            copyable
            code
            data-testid="org-key"
            style={{ marginBottom: 0, wordBreak: 'break-all' }}
          >
            {`sk-${key.data.key}`}
          </Typography.Paragraph>
        ) : null}
      </Space>
    </Space>
  );
}
