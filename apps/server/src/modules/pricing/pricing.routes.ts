// GET /api/pricing (public): the model price list with the caller's group ratio.
import { type PricingReply, SESSION_COOKIE } from '@switchyard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionService } from '../sessions/sessions.service';
import type { PricingService } from './pricing.service';

/** The group of a signed-in caller (cookie session); null for a guest. */
async function callerGroup(request: FastifyRequest, sessions: SessionService) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await sessions.fromCookie(token))?.group ?? null;
}

export function registerPricingRoutes(
  app: FastifyInstance,
  pricing: PricingService,
  sessions: SessionService,
): void {
  app.get(
    '/api/pricing',
    { config: { access: 'public' } },
    async (request): Promise<PricingReply> => {
      const list = await pricing.list(await callerGroup(request, sessions));
      return {
        success: true,
        message: '',
        data: list.items,
        group_ratio: list.groupRatio,
        group: list.group,
      };
    },
  );
}
