// Calls of the plan pages (issue 31), from the plans and subscriptions tables.
import { createEndpointApi } from '@switchyard/console-kit';
import type {
  PaymentForm,
  PaymentMethod,
  PlanFields,
  PlanView,
  StripeCheckout,
  SubscriptionView,
  UpdatePlanRequest,
} from '@switchyard/contracts';
import {
  planEndpoints,
  stripeEndpoints,
  subscriptionEndpoints,
} from '@switchyard/contracts/endpoints';

const plansApi = createEndpointApi(planEndpoints);
const subscriptionsApi = createEndpointApi(subscriptionEndpoints);
const stripeApi = createEndpointApi(stripeEndpoints);

/** Every plan (super admin). */
export const listPlans = (): Promise<PlanView[]> => plansApi.list({ query: {} });
/** The plans on sale the signed-in user may buy. */
export const listAvailablePlans = (): Promise<PlanView[]> =>
  plansApi.list({ query: { available: 'true' } });
export const createPlan = (body: PlanFields): Promise<PlanView> => plansApi.create({ body });
export const updatePlan = (body: UpdatePlanRequest): Promise<PlanView> => plansApi.update({ body });
export const deletePlan = (id: number): Promise<unknown> => plansApi.remove({ params: { id } });

export const mySubscriptions = (): Promise<SubscriptionView[]> => subscriptionsApi.self({});
/** Buys from the wallet: the reply is the subscription it started (or extended). */
export const buyPlan = async (planId: number): Promise<SubscriptionView> =>
  (await subscriptionsApi.subscribe({
    body: { plan_id: planId, payment_method: 'wallet' },
  })) as SubscriptionView;
/** Buys by epay: the signed form to post to the gateway; its confirmed payment starts the plan. */
export const payPlanByEpay = async (planId: number, method: PaymentMethod): Promise<PaymentForm> =>
  (await subscriptionsApi.subscribe({
    body: { plan_id: planId, payment_method: 'epay', epay_method: method },
  })) as PaymentForm;
/** Buys through Stripe Checkout: the page to send the browser to. */
export const payPlanByStripe = (planId: number): Promise<StripeCheckout> =>
  stripeApi.pay({ body: { plan_id: planId } });
export const setAutoRenew = (id: number, autoRenew: boolean): Promise<SubscriptionView> =>
  subscriptionsApi.autoRenew({ params: { id }, body: { auto_renew: autoRenew } });
