// The signed-in user's console sessions in personal settings, from the sessions table: list, sign
// one out, sign out everywhere else (optionally replacing the system access token too).
import { sessionEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { SelfService } from '../users/self.service';
import type { SessionService } from './sessions.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  self: SelfService,
): void {
  serveEndpoint(app, endpoints.list, async ({ request }) => {
    const identity = identityOf(request);
    return ok(await sessions.list(identity.userId, identity.sessionId));
  });

  serveEndpoint(app, endpoints.revoke, async ({ params, request }) => {
    if (!(await sessions.revoke(identityOf(request).userId, params.id))) {
      throw refuse('session.notFound');
    }
    return ok(undefined, translate(languageOf(request), 'session.revoked'));
  });

  // Ends every other session; with rotate_access_token the new token is in the reply, shown once.
  serveEndpoint(app, endpoints.revokeAll, async ({ body, request }) => {
    const identity = identityOf(request);
    await sessions.destroyAllForUser(identity.userId, identity.sessionId);
    const accessToken = body.rotate_access_token ? await self.generateAccessToken(identity) : null;
    return ok({ access_token: accessToken }, translate(languageOf(request), 'session.revokedAll'));
  });
}
