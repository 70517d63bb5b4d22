// GET /api/status/models (public, issue 17): the status page's data. Guests and users get the
// per-model figures; admins also the per-channel rows. Off when StatusPageEnabled is false
// (admins still see it, to check before turning it on).
import { Role } from '@switchyard/contracts';
import { statusEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { resolveIdentity } from '../../plugins/auth';
import type { OptionsStore } from '../options/options.store';
import type { SessionService } from '../sessions/sessions.service';
import type { StatusModelsService } from './status-models.service';

export function registerStatusModelsRoutes(
  app: FastifyInstance,
  deps: { service: StatusModelsService; options: OptionsStore; sessions: SessionService },
): void {
  serveEndpoint(app, statusEndpoints.models, async ({ query, request, reply }) => {
    const { window } = query;
    const identity = await resolveIdentity(request, reply, deps.sessions);
    const admin = identity !== null && identity.role >= Role.admin;
    if (!admin && !deps.options.getBool('StatusPageEnabled')) throw refuse('status.pageDisabled');
    return ok(await deps.service.models(window, admin));
  });
}
