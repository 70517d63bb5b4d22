// Stripe top-up, from the stripe table: POST /api/user/stripe/pay (signed in) opens a Checkout
// Session; POST /api/stripe/webhook (public, authenticated by its Stripe-Signature) confirms payments.
import { stripeEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { StripeService } from './stripe.service';

export function registerStripeRoutes(app: FastifyInstance, stripe: StripeService): void {
  serveEndpoint(app, stripeEndpoints.pay, async ({ body, request }) =>
    ok(await stripe.pay(identityOf(request), body.amount)),
  );

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
