// Sign-in, registration and self-service endpoints under /api/user.
import { Role, SESSION_COOKIE } from '@switchyard/contracts';
import {
  affTransferRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateSelfRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { clearSessionCookie, identityOf, setSessionCookie } from '../../plugins/auth';
import { sessionMetaOf, setPendingSignInCookie } from '../sessions/two-factor.routes';
import type { TurnstileService } from '../verification/turnstile.service';
import type { AccountService } from './account.service';
import type { RegistrationService } from './register.service';
import type { SelfService } from './self.service';

export interface UserRouteServices {
  account: AccountService;
  registration: RegistrationService;
  self: SelfService;
  turnstile: TurnstileService;
  sessionMaxAgeSeconds: number;
}

/** The `?turnstile=` token of a request (login, register, verification and reset mails). */
export const turnstileTokenOf = (request: FastifyRequest): string | undefined => {
  const value = (request.query as Record<string, unknown> | undefined)?.turnstile;
  return typeof value === 'string' ? value : undefined;
};

export function registerUserRoutes(app: FastifyInstance, services: UserRouteServices): void {
  const { account, registration, self, turnstile } = services;
  const publicCritical = { access: 'public', critical: true } as const;
  const signedIn = { access: Role.common } as const;

  app.post('/api/user/login', { config: publicCritical }, async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    await turnstile.check(turnstileTokenOf(request), request.ip);
    const outcome = await account.login(input, sessionMetaOf(request));
    if (!outcome.done) {
      // No session yet: the second step (POST /api/user/login/2fa) finishes it.
      setPendingSignInCookie(request, reply, outcome.pendingToken);
      return ok({ require_2fa: true }, translate(languageOf(request), 'twoFactor.required'));
    }
    setSessionCookie(request, reply, outcome.token, services.sessionMaxAgeSeconds);
    return ok(outcome.user, translate(languageOf(request), 'auth.loginSuccess'));
  });

  app.get(
    '/api/user/logout',
    { config: { access: 'public', changesState: true } },
    async (request, reply) => {
      await account.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return ok(undefined, translate(languageOf(request), 'auth.logoutSuccess'));
    },
  );

  // Registration signs in: the reply is the session user, as for /login, with its cookie.
  app.post('/api/user/register', { config: publicCritical }, async (request, reply) => {
    const input = parseInput(registerRequestSchema, request.body);
    await turnstile.check(turnstileTokenOf(request), request.ip);
    const language = languageOf(request);
    const userId = await registration.register(input, language);
    const { user, token } = await account.signInRegistered(userId);
    setSessionCookie(request, reply, token, services.sessionMaxAgeSeconds);
    return ok(user, translate(language, 'auth.registerSuccess'));
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

  // Not with an access token: that would let it outlive a password change and skip the 2FA.
  const sessionOnly = { ...signedIn, changesState: true, sessionOnly: true } as const;
  app.get('/api/user/token', { config: sessionOnly }, async (request) =>
    ok(await self.generateAccessToken(identityOf(request))),
  );

  app.get('/api/user/aff', { config: { ...signedIn, changesState: true } }, async (request) =>
    ok(await self.affCode(identityOf(request))),
  );

  app.post('/api/user/aff_transfer', { config: signedIn }, async (request) => {
    const input = parseInput(affTransferRequestSchema, request.body);
    await self.transferAffQuota(identityOf(request), input.quota);
    return ok(undefined, translate(languageOf(request), 'aff.transferred'));
  });

  app.get('/api/user/models', { config: signedIn }, async (request) =>
    ok(await self.models(identityOf(request))),
  );
}
