// User administration endpoints (admin), from the users admin table: /api/user/ list, search,
// read, create, edit, manage.
import { userAdminEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { UsersAdminService } from './admin.service';

export function registerUserAdminRoutes(app: FastifyInstance, users: UsersAdminService): void {
  serveEndpoint(app, endpoints.list, async ({ query }) =>
    ok(await users.list({ ...query, keyword: '', group: '' })),
  );

  // A search finds only what the caller may open (GET /api/user/:id): an admin does not read
  // another admin's or root's record through it.
  serveEndpoint(app, endpoints.search, async ({ query, request }) => {
    const caller = identityOf(request);
    return ok(
      await users.list({ ...query, visibleTo: { userId: caller.userId, role: caller.role } }),
    );
  });

  serveEndpoint(app, endpoints.get, async ({ params, request }) =>
    ok(await users.get(identityOf(request), params.id)),
  );

  serveEndpoint(app, endpoints.create, async ({ body, request }) => {
    await users.create(body, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'admin.created'));
  });

  serveEndpoint(app, endpoints.update, async ({ body, request }) => {
    const language = languageOf(request);
    await users.update(identityOf(request), body, auditActorOf(request));
    return ok(undefined, translate(language, 'user.updated'));
  });

  serveEndpoint(app, endpoints.manage, async ({ body, request }) => {
    const language = languageOf(request);
    const caller = identityOf(request);
    const actor = auditActorOf(request);
    const reply = await users.manage(caller, body.username, body.action, actor);
    return ok(reply, translate(language, 'admin.manageDone'));
  });
}
