// The public model price list (its read side), with the caller's group and group ratio beside it.
import { z } from 'zod';
import type { PricingItem } from '../billing';
import { defineEndpoint, typedReply } from './define';

export const pricingEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pricing',
    summary: "The model price list, with the caller's group ratio (default group for guests)",
    role: 'guest',
    reply: typedReply<PricingItem[]>('One row per model'),
    beside: z.object({ group_ratio: z.number(), group: z.string() }),
  }),
};
