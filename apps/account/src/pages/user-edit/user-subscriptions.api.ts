// A user's subscriptions for the user editor (admin, issue 31), from the subscriptions table.
import { createEndpointApi } from '@switchyard/console-kit';
import type { SubscriptionView } from '@switchyard/contracts';
import { subscriptionEndpoints } from '@switchyard/contracts/endpoints';

const subscriptionsApi = createEndpointApi(subscriptionEndpoints);

export const listUserSubscriptions = (userId: number): Promise<SubscriptionView[]> =>
  subscriptionsApi.ofUser({ query: { user_id: userId } });

export const endSubscription = (id: number): Promise<unknown> =>
  subscriptionsApi.end({ params: { id } });
