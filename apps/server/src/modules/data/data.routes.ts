// /api/data: dashboard buckets (admin: all users or one username; self: the caller's) and the
// per-token cache-hit reads (admin: every user's tokens; self: the caller's).
import type { UsageBucket, UsageDataReply } from '@switchyard/contracts';
import { dataEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { UsageDataService } from './data.service';

export function registerDataRoutes(app: FastifyInstance, data: UsageDataService): void {
  // `folded_at` beside `data` (the reference's clients read `data` as the bucket list).
  const reply = async (buckets: UsageBucket[]): Promise<UsageDataReply> => ({
    ...ok(buckets),
    data: buckets,
    folded_at: await data.foldedAt(),
  });
  serveEndpoint(app, dataEndpoints.all, async ({ query }) => reply(await data.forAdmin(query)));
  serveEndpoint(app, dataEndpoints.self, async ({ query, request }) =>
    reply(await data.forUser(identityOf(request).userId, query)),
  );
  serveEndpoint(app, dataEndpoints.tokenCache, async ({ query }) =>
    ok(await data.tokenCache(undefined, query)),
  );
  serveEndpoint(app, dataEndpoints.tokenCacheSelf, async ({ query, request }) =>
    ok(await data.tokenCache(identityOf(request).userId, query)),
  );
}
