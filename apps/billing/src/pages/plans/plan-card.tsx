// One plan on sale as a card: what it covers, its windows, its price and a buy button.
import { Button, Card, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import type { PlanView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export interface PlanCardProps {
  plan: PlanView;
  renderQuota: (quota: number) => string;
  buying: boolean;
  onBuy: (plan: PlanView) => void;
}

export function PlanCard({ plan, renderQuota, buying, onBuy }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const models = plan.models ? plan.models.split(',') : [];
  return (
    <Card title={plan.name} data-testid={`plan-card-${plan.id}`} style={{ height: '100%' }}>
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        {plan.description ? <Typography.Text>{plan.description}</Typography.Text> : null}
        <Typography.Text bold>
          {t('plans.price', { price: renderQuota(plan.price), days: plan.duration_days })}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary">{t('plans.models')}: </Typography.Text>
          {models.length === 0 ? (
            <Tag color="green">{t('plans.everyModel')}</Tag>
          ) : (
            models.map((model) => <Tag key={model}>{model}</Tag>)
          )}
        </div>
        {plan.limits.map((limit) => (
          <Typography.Text key={limit.period}>
            {t('plans.windowLimit', {
              period: t(`plans.periods.${limit.period}`),
              quota: renderQuota(limit.quota),
            })}
          </Typography.Text>
        ))}
        <Popconfirm
          title={t('plans.buyConfirm', { name: plan.name, price: renderQuota(plan.price) })}
          onOk={() => onBuy(plan)}
        >
          <Button type="primary" long loading={buying} data-testid={`plan-buy-${plan.id}`}>
            {t('plans.buy')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
