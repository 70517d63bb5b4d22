// The signed-in user's console sessions in personal settings: list, sign one out, sign out
// everywhere else (optionally replacing the system access token too).
import { Role } from '@switchyard/contracts';
import {
  sessionIdParamsSchema,
  signOutEverywhereRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { SelfService } from '../users/self.service';
import type { SessionService } from './sessions.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  self: SelfService,
): void {
  const sessionOnly = { access: Role.common, sessionOnly: true } as const;

  app.get('/api/user/sessions', { config: sessionOnly }, async (request) => {
    const identity = identityOf(request);
    return ok(await sessions.list(identity.userId, identity.sessionId));
  });

  app.delete('/api/user/sessions/:id', { config: sessionOnly }, async (request) => {
    const { id } = parseInput(sessionIdParamsSchema, request.params);
    if (!(await sessions.revoke(identityOf(request).userId, id))) throw refuse('session.notFound');
    return ok(undefined, translate(languageOf(request), 'session.revoked'));
  });

  // Ends every other session; with rotate_access_token the new token is in the reply, shown once.
  app.post('/api/user/sessions/revoke_all', { config: sessionOnly }, async (request) => {
    const input = parseInput(signOutEverywhereRequestSchema, request.body ?? {});
    const identity = identityOf(request);
    await sessions.destroyAllForUser(identity.userId, identity.sessionId);
    const accessToken = input.rotate_access_token ? await self.generateAccessToken(identity) : null;
    return ok({ access_token: accessToken }, translate(languageOf(request), 'session.revokedAll'));
  });
}
