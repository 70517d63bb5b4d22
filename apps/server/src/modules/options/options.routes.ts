// GET and PUT /api/option/ and the model ratio reset (super admin only), from the options table.
import { optionEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { auditActorOf } from '../audit/audit.writer';
import type { OptionsService } from './options.service';

export function registerOptionRoutes(app: FastifyInstance, options: OptionsService): void {
  serveEndpoint(app, optionEndpoints.list, async () => ok(options.list()));

  serveEndpoint(app, optionEndpoints.update, async ({ body, request }) => {
    await options.update(body.key, body.value, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'option.saved'));
  });

  serveEndpoint(app, optionEndpoints.resetModelRatio, async ({ request }) => {
    await options.resetModelRatio(auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'option.modelRatioReset'));
  });
}
