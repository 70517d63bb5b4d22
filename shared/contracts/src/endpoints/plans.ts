// Plans (super admin CRUD, the buyable list for users) and subscriptions (issue 31).

import type { PaymentForm, StripeCheckout } from '../billing';
import { idParamSchema } from '../billing.schemas';
import type { PlanView, SubscriptionView } from '../plans';
import {
  autoRenewSchema,
  planFieldsSchema,
  planListQuerySchema,
  subscribeSchema,
  subscriptionUserQuerySchema,
  updatePlanSchema,
} from '../plans.schemas';
import { defineEndpoint, noData, typedReply } from './define';

const plan = typedReply<PlanView>('One plan');
const subscription = typedReply<SubscriptionView>('One subscription with its windows');

export const planEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/plan/',
    summary:
      'Every plan (super admin); with available=true, or for anyone else, the plans the caller may buy',
    role: 'user',
    query: planListQuerySchema,
    reply: typedReply<PlanView[]>('Plans by sort, then id'),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/plan/',
    summary: 'Creates a plan',
    role: 'root',
    body: planFieldsSchema,
    reply: plan,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/plan/',
    summary: 'Updates a plan (active subscriptions keep the windows they started with)',
    role: 'root',
    body: updatePlanSchema,
    reply: plan,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/plan/:id',
    summary: 'Deletes a plan nobody is subscribed to; otherwise take it off sale',
    role: 'root',
    params: idParamSchema,
    reply: noData,
  }),
};

export const subscriptionEndpoints = {
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/subscription/',
    summary:
      'Buys a plan: from the wallet (charged once, atomically; replies with the subscription), ' +
      'or online: epay replies with the signed form and its url, stripe with a Checkout Session ' +
      'url; the confirmed payment starts the subscription once',
    role: 'user',
    body: subscribeSchema,
    reply: typedReply<SubscriptionView | PaymentForm | StripeCheckout>(
      'The subscription (wallet), the payment form (epay) or the Checkout page (stripe)',
    ),
  }),
  self: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/self',
    summary: "The caller's subscriptions with their windows' usage",
    role: 'user',
    reply: typedReply<SubscriptionView[]>('Newest first'),
  }),
  autoRenew: defineEndpoint({
    method: 'PUT',
    path: '/api/subscription/:id',
    summary: "Turns renewal from the wallet on or off for one of the caller's subscriptions",
    role: 'user',
    params: idParamSchema,
    body: autoRenewSchema,
    reply: subscription,
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/api/subscription/',
    summary: "A user's subscriptions (admin)",
    role: 'admin',
    query: subscriptionUserQuerySchema,
    reply: typedReply<SubscriptionView[]>('Newest first'),
  }),
  end: defineEndpoint({
    method: 'DELETE',
    path: '/api/subscription/:id',
    summary: 'Ends a subscription now (admin)',
    role: 'admin',
    params: idParamSchema,
    reply: noData,
  }),
};
