// Sign-in, registration and self-service endpoints under /api/user, from the account table.
import { SESSION_COOKIE } from '@switchyard/contracts';
import { userEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
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

export function registerUserRoutes(app: FastifyInstance, services: UserRouteServices): void {
  const { account, registration, self, turnstile } = services;
  // Sign-in and registration are also counted by the stricter critical rate limit.
  const critical = { critical: true };

  serveEndpoint(
    app,
    endpoints.login,
    async ({ query, body, request, reply }) => {
      await turnstile.check(query.turnstile, request.ip);
      const outcome = await account.login(body, sessionMetaOf(request));
      if (!outcome.done) {
        // No session yet: the second step (POST /api/user/login/2fa) finishes it.
        setPendingSignInCookie(request, reply, outcome.pendingToken);
        return ok(
          { require_2fa: true as const },
          translate(languageOf(request), 'twoFactor.required'),
        );
      }
      setSessionCookie(request, reply, outcome.token, services.sessionMaxAgeSeconds);
      return ok(outcome.user, translate(languageOf(request), 'auth.loginSuccess'));
    },
    critical,
  );

  serveEndpoint(
    app,
    endpoints.logout,
    async ({ request, reply }) => {
      await account.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return ok(undefined, translate(languageOf(request), 'auth.logoutSuccess'));
    },
    { changesState: true },
  );

  // Registration signs in: the reply is the session user, as for /login, with its cookie.
  serveEndpoint(
    app,
    endpoints.register,
    async ({ query, body, request, reply }) => {
      await turnstile.check(query.turnstile, request.ip);
      const language = languageOf(request);
      const userId = await registration.register(body);
      const { user, token } = await account.signInRegistered(userId);
      setSessionCookie(request, reply, token, services.sessionMaxAgeSeconds);
      return ok(user, translate(language, 'auth.registerSuccess'));
    },
    critical,
  );

  serveEndpoint(app, endpoints.self, async ({ request }) =>
    ok(await self.get(identityOf(request))),
  );

  serveEndpoint(app, endpoints.updateSelf, async ({ body, request }) => {
    const messageKey = await self.update(identityOf(request), body);
    return ok(undefined, translate(languageOf(request), messageKey));
  });

  serveEndpoint(app, endpoints.removeSelf, async ({ request, reply }) => {
    await self.cancel(identityOf(request));
    clearSessionCookie(request, reply);
    return ok(undefined, translate(languageOf(request), 'user.deleted'));
  });

  // GETs that make something (a token, a code): refused cross-site like a POST.
  serveEndpoint(
    app,
    endpoints.accessToken,
    async ({ request }) => ok(await self.generateAccessToken(identityOf(request))),
    { changesState: true },
  );

  serveEndpoint(
    app,
    endpoints.affCode,
    async ({ request }) => ok(await self.affCode(identityOf(request))),
    { changesState: true },
  );

  serveEndpoint(app, endpoints.affTransfer, async ({ body, request }) => {
    await self.transferAffQuota(identityOf(request), body.quota);
    return ok(undefined, translate(languageOf(request), 'aff.transferred'));
  });

  serveEndpoint(app, endpoints.models, async ({ request }) =>
    ok(await self.models(identityOf(request))),
  );
}
