// Dashboard data: hourly usage buckets, every user's (admins) or the caller's; and each token's
// prompt-cache reads per hour for the cache-hit chart (issue 28).
import { z } from 'zod';
import type { TokenCacheBucket, UsageBucket } from '../observability';
import { tokenCacheQuerySchema, usageDataQuerySchema } from '../observability.schemas';
import { defineEndpoint, typedReply } from './define';

const buckets = typedReply<UsageBucket[]>('Hourly buckets per model (and user)');
const tokenCache = typedReply<TokenCacheBucket[]>('Hourly prompt and cached tokens per token');
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
  tokenCache: defineEndpoint({
    method: 'GET',
    path: '/api/data/token_cache',
    summary: "Every user's top tokens by prompt tokens: prompt and cached tokens per hour",
    role: 'admin',
    query: tokenCacheQuerySchema,
    reply: tokenCache,
  }),
  tokenCacheSelf: defineEndpoint({
    method: 'GET',
    path: '/api/data/token_cache/self',
    summary: "The caller's top tokens by prompt tokens: prompt and cached tokens per hour",
    role: 'user',
    query: tokenCacheQuerySchema,
    reply: tokenCache,
  }),
};
