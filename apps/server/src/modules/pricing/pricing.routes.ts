// GET /api/pricing (public): the model price list with the caller's group ratio.
import type { PricingReply } from '@switchyard/contracts';
import { pricingEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { resolveIdentity } from '../../plugins/auth';
import type { SessionService } from '../sessions/sessions.service';
import type { PricingService } from './pricing.service';

export function registerPricingRoutes(
  app: FastifyInstance,
  pricing: PricingService,
  sessions: SessionService,
): void {
  serveEndpoint(app, pricingEndpoints.list, async ({ request, reply }): Promise<PricingReply> => {
    // A signed-in caller (session cookie or access token) sees its group; a guest the default.
    const identity = await resolveIdentity(request, reply, sessions);
    const list = await pricing.list(identity?.group ?? null);
    return {
      success: true,
      message: '',
      data: list.items,
      group_ratio: list.groupRatio,
      group: list.group,
    };
  });
}
