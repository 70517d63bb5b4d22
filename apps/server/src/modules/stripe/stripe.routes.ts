// Stripe top-up: POST /api/user/stripe/pay (signed in) opens a Checkout Session; POST
// /api/stripe/webhook (public, authenticated by its Stripe-Signature) confirms payments.
import { Role } from '@switchyard/contracts';
import { stripePayRequestSchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { StripeService } from './stripe.service';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export function registerStripeRoutes(app: FastifyInstance, stripe: StripeService): void {
  app.post('/api/user/stripe/pay', { config: { access: Role.common } }, async (request) => {
    const { amount } = parseInput(stripePayRequestSchema, request.body);
    return ok(await stripe.pay(identityOf(request), amount));
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
    scope.post(STRIPE_WEBHOOK_PATH, { config: { access: 'public' } }, async (request) => {
      const header = request.headers['stripe-signature'];
      const signature = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      await stripe.webhook(raw, signature, languageOf(request));
      return { received: true };
    });
  });
}
