// Sign-in, registration and self-service endpoints under /api/user.
import { Role, SESSION_COOKIE } from '@switchyard/contracts';
import {
  loginRequestSchema,
  registerRequestSchema,
  updateSelfRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { clearSessionCookie, identityOf, setSessionCookie } from '../../plugins/auth';
import type { AccountService } from './account.service';
import type { RegistrationService } from './register.service';
import type { SelfService } from './self.service';

export interface UserRouteServices {
  account: AccountService;
  registration: RegistrationService;
  self: SelfService;
  sessionMaxAgeSeconds: number;
}

export function registerUserRoutes(app: FastifyInstance, services: UserRouteServices): void {
  const { account, registration, self } = services;
  const publicCritical = { access: 'public', critical: true } as const;
  const signedIn = { access: Role.common } as const;

  app.post('/api/user/login', { config: publicCritical }, async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const { user, token } = await account.login(input);
    setSessionCookie(request, reply, token, services.sessionMaxAgeSeconds);
    return ok(user, translate(languageOf(request), 'auth.loginSuccess'));
  });

  app.get('/api/user/logout', { config: { access: 'public' } }, async (request, reply) => {
    await account.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(request, reply);
    return ok(undefined, translate(languageOf(request), 'auth.logoutSuccess'));
  });

  app.post('/api/user/register', { config: publicCritical }, async (request) => {
    const input = parseInput(registerRequestSchema, request.body);
    const language = languageOf(request);
    await registration.register(input, language);
    return ok(undefined, translate(language, 'auth.registerSuccess'));
  });

  app.get('/api/user/self', { config: signedIn }, async (request) =>
    ok(await self.get(identityOf(request))),
  );

  app.put('/api/user/self', { config: signedIn }, async (request) => {
    const input = parseInput(updateSelfRequestSchema, request.body);
    const messageKey = await self.update(identityOf(request), input);
    return ok(undefined, translate(languageOf(request), messageKey));
  });

  app.delete('/api/user/self', { config: signedIn }, async (request, reply) => {
    await self.cancel(identityOf(request));
    clearSessionCookie(request, reply);
    return ok(undefined, translate(languageOf(request), 'user.deleted'));
  });

  app.get('/api/user/token', { config: signedIn }, async (request) =>
    ok(await self.generateAccessToken(identityOf(request))),
  );
}
