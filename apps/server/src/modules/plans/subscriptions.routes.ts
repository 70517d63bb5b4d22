// /api/subscription (issue 31): buying, listing and renewing one's own; admins list and end any.
import { subscriptionEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { SubscriptionsService } from './subscriptions.service';

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  subscriptions: SubscriptionsService,
): void {
  // Online, the reply is the payment to make ('success' as /api/user/pay); the wallet's is done.
  serveEndpoint(app, subscriptionEndpoints.subscribe, async ({ body, request }) =>
    ok(
      await subscriptions.subscribe(identityOf(request), body),
      body.payment_method === 'wallet'
        ? translate(languageOf(request), 'subscription.started')
        : 'success',
    ),
  );

  serveEndpoint(app, subscriptionEndpoints.self, async ({ request }) =>
    ok(await subscriptions.self(identityOf(request).userId)),
  );

  serveEndpoint(app, subscriptionEndpoints.autoRenew, async ({ params, body, request }) =>
    ok(await subscriptions.setAutoRenew(identityOf(request), params.id, body.auto_renew)),
  );

  serveEndpoint(app, subscriptionEndpoints.ofUser, async ({ query }) =>
    ok(await subscriptions.ofUser(query.user_id)),
  );

  serveEndpoint(app, subscriptionEndpoints.end, async ({ params, request }) => {
    await subscriptions.end(identityOf(request), params.id, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'subscription.ended'));
  });
}
