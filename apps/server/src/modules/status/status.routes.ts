// Public status and texts, and the admin health check.
import { Role } from '@switchyard/contracts';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { fail, ok } from '../../lib/envelope';
import type { PublicText, StatusService } from './status.service';

const TEXT_ROUTES: [string, PublicText][] = [
  ['/api/notice', 'Notice'],
  ['/api/about', 'About'],
  ['/api/home_page_content', 'HomePageContent'],
];

export function registerStatusRoutes(app: FastifyInstance, status: StatusService): void {
  app.get('/api/status', { config: { access: 'public' } }, async () => ok(status.publicStatus()));

  for (const [url, key] of TEXT_ROUTES) {
    app.get(url, { config: { access: 'public' } }, async () => ok(status.text(key)));
  }

  app.get('/api/status/test', { config: { access: Role.admin } }, async (request, reply) => {
    if (await status.databaseHealthy()) return ok();
    return reply.code(503).send(fail(translate(languageOf(request), 'server.databaseUnavailable')));
  });
}
