// /api/data: dashboard buckets (admin: all users or one username; self: the caller's).
import { Role, type UsageBucket, type UsageDataReply } from '@switchyard/contracts';
import { usageDataQuerySchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { UsageDataService } from './data.service';

export function registerDataRoutes(app: FastifyInstance, data: UsageDataService): void {
  // `folded_at` beside `data` (the reference's clients read `data` as the bucket list).
  const reply = async (buckets: UsageBucket[]): Promise<UsageDataReply> => ({
    ...ok(buckets),
    data: buckets,
    folded_at: await data.foldedAt(),
  });
  app.get('/api/data/', { config: { access: Role.admin } }, async (request) =>
    reply(await data.forAdmin(parseInput(usageDataQuerySchema, request.query))),
  );
  app.get('/api/data/self', { config: { access: Role.common } }, async (request) => {
    const query = parseInput(usageDataQuerySchema.omit({ username: true }), request.query);
    return reply(await data.forUser(identityOf(request).userId, query));
  });
}
