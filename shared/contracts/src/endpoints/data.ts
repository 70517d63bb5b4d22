// Dashboard data: hourly usage buckets, every user's (admins) or the caller's.
import { z } from 'zod';
import type { UsageBucket } from '../observability';
import { usageDataQuerySchema } from '../observability.schemas';
import { defineEndpoint, typedReply } from './define';

const buckets = typedReply<UsageBucket[]>('Hourly buckets per model (and user)');
const beside = z.object({
  /** Every consume log created before this (unix seconds) is folded into the buckets; 0: never. */
  folded_at: z.number(),
});

export const dataEndpoints = {
  all: defineEndpoint({
    method: 'GET',
    path: '/api/data/',
    summary: "Every user's usage buckets, or one username's",
    role: 'admin',
    query: usageDataQuerySchema,
    reply: buckets,
    beside,
  }),
  self: defineEndpoint({
    method: 'GET',
    path: '/api/data/self',
    summary: "The caller's usage buckets",
    role: 'user',
    query: usageDataQuerySchema.omit({ username: true }),
    reply: buckets,
    beside,
  }),
};
