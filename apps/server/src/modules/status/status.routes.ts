// Public status and texts, and the admin health check.
import { statusEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { fail, ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import type { StatusService } from './status.service';

export function registerStatusRoutes(app: FastifyInstance, status: StatusService): void {
  serveEndpoint(app, statusEndpoints.status, async () => ok(status.publicStatus()));
  serveEndpoint(app, statusEndpoints.notice, async () => ok(status.text('Notice')));
  serveEndpoint(app, statusEndpoints.about, async () => ok(status.text('About')));
  serveEndpoint(app, statusEndpoints.homePageContent, async () =>
    ok(status.text('HomePageContent')),
  );

  serveEndpoint(app, statusEndpoints.test, async ({ request, reply }) => {
    if (await status.databaseHealthy()) return ok();
    return reply.code(503).send(fail(translate(languageOf(request), 'server.databaseUnavailable')));
  });
}
