// Stripe payments, from the stripe table: POST /api/user/stripe/pay (signed in) opens a Checkout
// Session for a top-up or a plan; POST /api/stripe/webhook (public, authenticated by its
// Stripe-Signature) confirms payments.
import { stripeEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { SubscriptionsService } from '../plans/subscriptions.service';
import type { StripeService } from './stripe.service';

export function registerStripeRoutes(
  app: FastifyInstance,
  stripe: StripeService,
  subscriptions: SubscriptionsService,
): void {
  // A plan is bought through the subscriptions service, which checks the caller may buy it.
  serveEndpoint(app, stripeEndpoints.pay, async ({ body, request }) => {
    const identity = identityOf(request);
    if (body.plan_id !== undefined) {
      return ok(await subscriptions.checkout(identity, body.plan_id, { method: 'stripe' }));
    }
    return ok(await stripe.pay(identity, body.amount ?? 0, body.org_id));
  });

  // The signature covers the exact bytes Stripe sent: this route alone reads its body raw, kept
  // beside the request rather than as the body so nothing walks a Buffer as if it were JSON.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    });
    serveEndpoint(scope, stripeEndpoints.webhook, async ({ request, reply }) => {
      const header = request.headers['stripe-signature'];
      const signature = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      await stripe.webhook(raw, signature, languageOf(request));
      return reply.send({ received: true });
    });
  });
}
