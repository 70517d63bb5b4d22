// /api/plan (issue 31): the catalogue (super admin) and the plans a user may buy.
import { isRoot } from '@switchyard/contracts';
import { planEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { PlansService } from './plans.service';

export function registerPlanRoutes(app: FastifyInstance, plans: PlansService): void {
  serveEndpoint(app, planEndpoints.list, async ({ query, request }) => {
    const identity = identityOf(request);
    // Only a super admin sees the whole catalogue; anyone else gets what they may buy.
    if (query.available === 'true' || !isRoot(identity.role)) {
      return ok(await plans.available(identity.group));
    }
    return ok(await plans.all());
  });

  serveEndpoint(app, planEndpoints.create, async ({ body, request }) =>
    ok(
      await plans.create(body, auditActorOf(request)),
      translate(languageOf(request), 'plan.created'),
    ),
  );

  serveEndpoint(app, planEndpoints.update, async ({ body, request }) =>
    ok(
      await plans.update(body, auditActorOf(request)),
      translate(languageOf(request), 'plan.updated'),
    ),
  );

  serveEndpoint(app, planEndpoints.remove, async ({ params, request }) => {
    await plans.remove(params.id, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'plan.deleted'));
  });
}
