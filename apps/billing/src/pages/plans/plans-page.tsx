// /plans: the plans the user may buy (cards; from the wallet, or online by epay or Stripe where
// configured) and their subscriptions with each window's use.
import { Alert, Empty, Grid, Message, Spin, Typography } from '@arco-design/web-react';
import { formatTime, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import type { PlanView } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { PlanCard } from './plan-card';
import { SubscriptionCard } from './subscription-card';
import {
  type PlanPayment,
  useAvailablePlans,
  useMySubscriptions,
  useSubscriptionMutations,
} from './use-plans';

/** The online payments the server has configured: epay's two channels, then Stripe. */
function usePlanPayments(): PlanPayment[] {
  const epay = useSessionStore((state) => state.status?.enable_online_topup === true);
  const stripe = useSessionStore((state) => state.status?.enable_stripe_topup === true);
  return [...(epay ? (['zfb', 'wx'] as const) : []), ...(stripe ? (['stripe'] as const) : [])];
}

const CARD_SPAN = { xs: 24, sm: 12, lg: 8 };

export function PlansPage() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const plans = useAvailablePlans();
  const subscriptions = useMySubscriptions();
  const { buy, pay, autoRenew } = useSubscriptionMutations();
  const payments = usePlanPayments();
  const [params] = useSearchParams();
  const returned = params.get('stripe');
  const render = (quota: number) => renderQuota(quota);

  const onBuy = (plan: PlanView) =>
    buy.mutate(plan.id, { onSuccess: () => Message.success(t('plans.bought')) });
  const payingFor = (plan: PlanView) =>
    pay.isPending && pay.variables?.planId === plan.id ? pay.variables.method : null;

  return (
    <RemoteRoot testId="plans-page">
      {/* Back from Stripe Checkout: the subscription starts once Stripe confirms the payment. */}
      {returned === 'success' || returned === 'cancel' ? (
        <Alert
          style={{ marginBottom: 16 }}
          type={returned === 'success' ? 'success' : 'warning'}
          content={t(returned === 'success' ? 'plans.stripeReturned' : 'wallet.stripeCancelled')}
          data-testid="plans-stripe-return"
        />
      ) : null}
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
              payments={payments}
              paying={payingFor(plan)}
              onPay={(chosen, method) => pay.mutate({ planId: chosen.id, method })}
            />
          </Grid.Col>
        ))}
      </Grid.Row>
    </RemoteRoot>
  );
}
