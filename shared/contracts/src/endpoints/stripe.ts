// Stripe payments (top-ups, org top-ups, plans): a signed-in user opens a Checkout Session;
// Stripe confirms the payment by a webhook authenticated by its Stripe-Signature header.
import { z } from 'zod';
import { stripePayRequestSchema } from '../billing.schemas';
import { defineEndpoint } from './define';

export const stripeEndpoints = {
  pay: defineEndpoint({
    method: 'POST',
    path: '/api/user/stripe/pay',
    summary:
      'Opens a Stripe Checkout Session for an amount (for the wallet, or an org with org_id: owners ' +
      'and admins) or a plan (plan_id); replies with its page',
    role: 'user',
    body: stripePayRequestSchema,
    reply: z.object({ url: z.string() }),
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "Stripe's payment events; credits a paid order exactly once",
    role: 'guest',
    // Read raw by the server: the signature covers the exact bytes Stripe sent.
    body: z
      .unknown()
      .meta({ description: 'A Stripe event, signed in the Stripe-Signature header' }),
    reply: z.object({ received: z.literal(true) }),
    bare: true,
  }),
};
