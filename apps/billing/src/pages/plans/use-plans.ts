// Server state of the plan pages: the catalogue, what a user may buy, their subscriptions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goToCheckout, submitPaymentForm } from '../wallet/submit-payment';
import {
  buyPlan,
  createPlan,
  deletePlan,
  listAvailablePlans,
  listPlans,
  mySubscriptions,
  payPlanByEpay,
  payPlanByStripe,
  setAutoRenew,
  updatePlan,
} from './plans.api';

/** How a plan is paid online: an epay channel or Stripe Checkout. */
export type PlanPayment = 'zfb' | 'wx' | 'stripe';

const PLANS_KEY = ['billing', 'plans'] as const;
const SUBSCRIPTIONS_KEY = ['billing', 'subscriptions'] as const;

export const useAllPlans = () => useQuery({ queryKey: [...PLANS_KEY, 'all'], queryFn: listPlans });

export const useAvailablePlans = () =>
  useQuery({ queryKey: [...PLANS_KEY, 'available'], queryFn: listAvailablePlans });

/** Polled while the page is open, so the windows fill as requests are served. */
export const useMySubscriptions = () =>
  useQuery({ queryKey: SUBSCRIPTIONS_KEY, queryFn: mySubscriptions, refetchInterval: 5000 });

export function usePlanMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: PLANS_KEY });
  return {
    create: useMutation({ mutationFn: createPlan, onSuccess, meta: { silent: true } }),
    update: useMutation({ mutationFn: updatePlan, onSuccess, meta: { silent: true } }),
    remove: useMutation({ mutationFn: deletePlan, onSuccess }),
  };
}

export function useSubscriptionMutations() {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
    // The wallet's balance changed too.
    void client.invalidateQueries();
  };
  return {
    buy: useMutation({ mutationFn: buyPlan, onSuccess }),
    // The browser leaves for the gateway; the subscription starts when it confirms the payment.
    pay: useMutation({
      mutationFn: async ({ planId, method }: { planId: number; method: PlanPayment }) => {
        if (method === 'stripe') goToCheckout((await payPlanByStripe(planId)).url);
        else submitPaymentForm(await payPlanByEpay(planId, method));
      },
    }),
    autoRenew: useMutation({
      mutationFn: (input: { id: number; autoRenew: boolean }) =>
        setAutoRenew(input.id, input.autoRenew),
      onSuccess,
    }),
  };
}
