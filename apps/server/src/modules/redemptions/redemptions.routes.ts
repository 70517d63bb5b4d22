// /api/redemption: redemption codes (admin, spec §7 "Redemption"), from the redemptions table.

import { redemptionEndpoints } from '@switchyard/contracts/endpoints';
import {
  redemptionStatusRequestSchema,
  updateRedemptionRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { RedemptionsService } from './redemptions.service';

export function registerRedemptionRoutes(app: FastifyInstance, codes: RedemptionsService): void {
  serveEndpoint(app, redemptionEndpoints.list, async ({ query }) => ok(await codes.list(query)));

  serveEndpoint(app, redemptionEndpoints.search, async ({ query }) =>
    ok(await codes.search(query.keyword)),
  );

  serveEndpoint(app, redemptionEndpoints.get, async ({ params }) => ok(await codes.get(params.id)));

  serveEndpoint(app, redemptionEndpoints.create, async ({ body, request }) => {
    const keys = await codes.create(identityOf(request), body, auditActorOf(request));
    return ok(keys, translate(languageOf(request), 'redemption.created'));
  });

  serveEndpoint(app, redemptionEndpoints.update, async ({ query, body, request }) => {
    const actor = auditActorOf(request);
    const code =
      query.status_only === 'true'
        ? await codes.setStatus(parseInput(redemptionStatusRequestSchema, body), actor)
        : await codes.update(parseInput(updateRedemptionRequestSchema, body), actor);
    return ok(code, translate(languageOf(request), 'redemption.updated'));
  });

  serveEndpoint(app, redemptionEndpoints.remove, async ({ params, request }) => {
    await codes.delete(params.id, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'redemption.deleted'));
  });
}
