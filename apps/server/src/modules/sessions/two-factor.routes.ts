// The second factor, from the two_factor table: setup, enable, disable and status in personal
// settings, and the second step of a password sign-in (`POST /api/user/login/2fa`), which the
// pending sign-in cookie ties to the password step.
import { PENDING_SIGN_IN_COOKIE } from '@switchyard/contracts';
import { twoFactorEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf, setSessionCookie } from '../../plugins/auth';
import type { AccountService } from '../users/account.service';
import type { SessionMeta } from './sessions.service';
import { PENDING_SIGN_IN_MAX_AGE_SECONDS, type TwoFactorService } from './two-factor.service';

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/api/user/login',
  secure: request.protocol === 'https',
});

export function setPendingSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, {
    ...cookieOptions(request),
    maxAge: PENDING_SIGN_IN_MAX_AGE_SECONDS,
  });
}

/** Where a session signs in from: shown in the user's session list. */
export const sessionMetaOf = (request: FastifyRequest): SessionMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export interface TwoFactorRouteServices {
  twoFactor: TwoFactorService;
  account: AccountService;
  sessionMaxAgeSeconds: number;
}

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  { twoFactor, account, sessionMaxAgeSeconds }: TwoFactorRouteServices,
): void {
  serveEndpoint(
    app,
    endpoints.login,
    async ({ body, request, reply }) => {
      const pending = request.cookies[PENDING_SIGN_IN_COOKIE];
      try {
        const { user, token } = await account.finishSecondFactor(
          pending,
          body,
          sessionMetaOf(request),
        );
        reply.clearCookie(PENDING_SIGN_IN_COOKIE, cookieOptions(request));
        setSessionCookie(request, reply, token, sessionMaxAgeSeconds);
        return ok(user, translate(languageOf(request), 'auth.loginSuccess'));
      } catch (error) {
        // A pending sign-in that ended (expired, too many wrong codes) is forgotten here too.
        if (error instanceof Error && error.message !== 'twoFactor.wrongCode') {
          reply.clearCookie(PENDING_SIGN_IN_COOKIE, cookieOptions(request));
        }
        throw error;
      }
    },
    { critical: true },
  );

  serveEndpoint(app, endpoints.status, async ({ request }) =>
    ok({ enabled: await twoFactor.isEnabled(identityOf(request).userId) }),
  );

  serveEndpoint(app, endpoints.setup, async ({ request }) => {
    const identity = identityOf(request);
    return ok(await twoFactor.setup(identity.userId, identity.username));
  });

  serveEndpoint(app, endpoints.enable, async ({ body, request }) => {
    const codes = await twoFactor.enable(identityOf(request).userId, body.code);
    return ok({ recovery_codes: codes }, translate(languageOf(request), 'twoFactor.enabled'));
  });

  serveEndpoint(app, endpoints.disable, async ({ body, request }) => {
    await twoFactor.disable(identityOf(request).userId, body);
    return ok(undefined, translate(languageOf(request), 'twoFactor.disabled'));
  });
}
