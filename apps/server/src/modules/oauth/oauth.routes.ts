// Third-party sign-in endpoints under /api/oauth, from the oauth table: state, GitHub, WeChat,
// Telegram.
import { timingSafeEqual } from 'node:crypto';
import { oauthEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import { telegramLoginQuerySchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { randomToken } from '../../lib/crypto';
import { ok } from '../../lib/envelope';
import { AppError, refuse, ValidationError } from '../../lib/errors';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { parseInput } from '../../lib/validation';
import { identityOf, resolveIdentity, setSessionCookie } from '../../plugins/auth';
import { assertSameSite } from '../../plugins/csrf';
import type { SessionService } from '../sessions/sessions.service';
import { setPendingSignInCookie } from '../sessions/two-factor.routes';
import type { OAuthService, SignedIn } from './oauth.service';

/** Ties the GitHub callback to the browser that started it (CSRF); kept ten minutes. */
export const OAUTH_STATE_COOKIE = 'switchyard_oauth_state';
const STATE_MAX_AGE_SECONDS = 600;
/** The reply message the console reads as "bound to the signed-in account" (spec §7). */
const BOUND_MESSAGE = 'bind';
const SETTINGS_PATH = '/setting';

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function registerOAuthRoutes(
  app: FastifyInstance,
  oauth: OAuthService,
  sessions: SessionService,
): void {
  const critical = { critical: true };

  const finish = (request: FastifyRequest, reply: FastifyReply, result: SignedIn | 'bound') => {
    const language = languageOf(request);
    if (result === 'bound') return ok(undefined, BOUND_MESSAGE);
    if ('pendingToken' in result) {
      setPendingSignInCookie(request, reply, result.pendingToken);
      return ok({ require_2fa: true as const }, translate(language, 'twoFactor.required'));
    }
    setSessionCookie(request, reply, result.token, sessions.maxAgeSeconds);
    return ok(result.user, translate(language, 'auth.loginSuccess'));
  };

  // Signed in by cookie, the state is bound to the session: a callback that binds an account
  // (GitHub, Telegram's redirect) must bring back a state this session asked for.
  serveEndpoint(
    app,
    endpoints.state,
    async ({ request, reply }) => {
      const identity = await resolveIdentity(request, reply, sessions);
      const state = identity?.sessionId ? sessions.issueState(identity.sessionId) : randomToken(12);
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api/oauth',
        maxAge: STATE_MAX_AGE_SECONDS,
      });
      return ok(state);
    },
    critical,
  );

  serveEndpoint(
    app,
    endpoints.github,
    async ({ query: { code, state }, request, reply }) => {
      const expected = request.cookies[OAUTH_STATE_COOKIE];
      if (!state || !expected || !sameText(state, expected)) throw refuse('oauth.stateInvalid');
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/oauth' });
      const identity = await resolveIdentity(request, reply, sessions);
      if (identity?.sessionId) {
        assertSameSite(request, identity);
        if (!sessions.checkState(identity.sessionId, state)) throw refuse('oauth.stateInvalid');
      }
      return finish(request, reply, await oauth.github(code, identity));
    },
    critical,
  );

  serveEndpoint(
    app,
    endpoints.wechat,
    async ({ query, request, reply }) =>
      finish(request, reply, await oauth.wechat(query.code, null)),
    critical,
  );

  serveEndpoint(
    app,
    endpoints.wechatBind,
    async ({ query, request }) => {
      await oauth.wechat(query.code, identityOf(request));
      return ok(undefined, translate(languageOf(request), 'oauth.bound'));
    },
    { ...critical, changesState: true },
  );

  serveEndpoint(
    app,
    endpoints.telegramLogin,
    async ({ query, request, reply }) => finish(request, reply, await oauth.telegram(query, null)),
    critical,
  );

  // Telegram's widget sends the browser here itself (data-auth-url), so the answer is a redirect,
  // and a refusal goes back to the settings page with its reason (shown there once) instead of
  // leaving the user on a JSON reply. Being a top-level navigation it cannot carry New-Api-User:
  // the bind URL carries a `state` bound to the session instead (GET /api/oauth/state). The query
  // is checked here, not by the table, so that a bad one redirects too.
  serveEndpoint(
    app,
    endpoints.telegramBind,
    async ({ request, reply }) => {
      const target = new URLSearchParams({ tab: 'personal' });
      try {
        const identity = identityOf(request);
        const { state, ...query } = (request.query ?? {}) as Record<string, unknown>;
        const bound = identity.sessionId === null || sessions.checkState(identity.sessionId, state);
        if (!bound) throw refuse('oauth.stateInvalid');
        const data = parseInput(telegramLoginQuerySchema, query);
        await oauth.telegram(data, identity);
      } catch (error) {
        const language = languageOf(request);
        if (error instanceof AppError) {
          target.set('bind_error', translate(language, error.messageKey, error.params));
        } else if (error instanceof ValidationError) {
          target.set('bind_error', translate(language, 'request.failed'));
        } else {
          throw error;
        }
      }
      return reply.redirect(`${SETTINGS_PATH}?${target}`);
    },
    critical,
  );
}
