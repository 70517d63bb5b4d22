// One plan on sale as a card: what it covers, its windows, its price, and how to pay for it — from
// the wallet, and online by epay or Stripe for the sum the server quotes for each (a gateway the
// server gives no sum for is not offered).
import { Button, Card, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import { EPAY_CURRENCY, type PlanView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import type { PlanPayment } from './use-plans';

export interface PlanCardProps {
  plan: PlanView;
  renderQuota: (quota: number) => string;
  buying: boolean;
  onBuy: (plan: PlanView) => void;
  /** The online payments offered (none: the wallet only). */
  payments: readonly PlanPayment[];
  /** The payment being opened for this plan, if any. */
  paying: PlanPayment | null;
  onPay: (plan: PlanView, method: PlanPayment) => void;
}

const PAY_LABEL = { zfb: 'plans.payZfb', wx: 'plans.payWx', stripe: 'plans.payStripe' } as const;

/** The sum a method charges for the plan, as the server quoted it; null when it quoted none. */
function onlinePrice(
  plan: PlanView,
  method: PlanPayment,
): { money: number; currency: string } | null {
  if (method === 'stripe') {
    return plan.stripe_money === undefined
      ? null
      : { money: plan.stripe_money, currency: plan.stripe_currency || 'USD' };
  }
  return plan.epay_money === undefined ? null : { money: plan.epay_money, currency: EPAY_CURRENCY };
}

const formatMoney = (language: string, money: number, currency: string): string =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(money);

export function PlanCard(props: PlanCardProps) {
  const { plan, renderQuota, buying, onBuy, payments, paying, onPay } = props;
  const { t, i18n } = useTranslation('billing');
  const offers = payments.flatMap((method) => {
    const price = onlinePrice(plan, method);
    return price ? [{ method, text: formatMoney(i18n.language, price.money, price.currency) }] : [];
  });
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
        {offers.length > 0 ? (
          <Space wrap size={8}>
            <Typography.Text type="secondary">{t('plans.payOnline')}</Typography.Text>
            {offers.map(({ method, text }) => (
              <Button
                key={method}
                loading={paying === method}
                disabled={paying !== null && paying !== method}
                onClick={() => onPay(plan, method)}
                data-testid={`plan-pay-${method}-${plan.id}`}
              >
                {t('plans.payFor', { method: t(PAY_LABEL[method]), money: text })}
              </Button>
            ))}
          </Space>
        ) : null}
      </Space>
    </Card>
  );
}
