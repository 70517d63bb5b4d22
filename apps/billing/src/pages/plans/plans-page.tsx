// /plans: the plans the user may buy (cards) and their subscriptions with each window's use.
import { Empty, Grid, Message, Spin, Typography } from '@arco-design/web-react';
import { formatTime, useQuotaDisplay } from '@switchyard/console-kit';
import type { PlanView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { PlanCard } from './plan-card';
import { SubscriptionCard } from './subscription-card';
import { useAvailablePlans, useMySubscriptions, useSubscriptionMutations } from './use-plans';

const CARD_SPAN = { xs: 24, sm: 12, lg: 8 };

export function PlansPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const plans = useAvailablePlans();
  const subscriptions = useMySubscriptions();
  const { buy, autoRenew } = useSubscriptionMutations();
  const render = (quota: number) => renderQuota(quota);

  const onBuy = (plan: PlanView) =>
    buy.mutate(plan.id, { onSuccess: () => Message.success(t('plans.bought')) });

  return (
    <RemoteRoot testId="plans-page">
      <Typography.Title heading={5}>{t('plans.mine')}</Typography.Title>
      {subscriptions.isLoading ? <Spin /> : null}
      {subscriptions.data?.length === 0 ? <Empty description={t('plans.noSubscription')} /> : null}
      <Grid.Row gutter={[16, 16]}>
        {(subscriptions.data ?? []).map((subscription) => (
          <Grid.Col key={subscription.id} {...CARD_SPAN}>
            <SubscriptionCard
              subscription={subscription}
              renderQuota={render}
              formatTime={formatTime}
              onAutoRenew={(id, value) => autoRenew.mutate({ id, autoRenew: value })}
            />
          </Grid.Col>
        ))}
      </Grid.Row>
      <Typography.Title heading={5}>{t('plans.onSale')}</Typography.Title>
      {plans.isLoading ? <Spin /> : null}
      {plans.data?.length === 0 ? <Empty description={t('plans.noPlan')} /> : null}
      <Grid.Row gutter={[16, 16]}>
        {(plans.data ?? []).map((plan) => (
          <Grid.Col key={plan.id} {...CARD_SPAN}>
            <PlanCard
              plan={plan}
              renderQuota={render}
              buying={buy.isPending && buy.variables === plan.id}
              onBuy={onBuy}
            />
          </Grid.Col>
        ))}
      </Grid.Row>
    </RemoteRoot>
  );
}
