// Cross-site request protection for calls signed by the session cookie. A SameSite=Lax cookie still
// rides along on a link or form from another site, so every call that changes something and is
// signed by the cookie must also carry `New-Api-User: <the session's user id>`: the console sends
// it on every call, and no other site can add a custom header without passing CORS (which we never
// grant). Calls signed by an access token (Authorization header) carry no ambient credential and
// are not checked. The flows that arrive as top-level navigations carry a session-bound `state`
// instead (see the OAuth routes).
import { SESSION_COOKIE, USER_ID_HEADER } from '@switchyard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { Identity } from '../lib/identity';
import type { SessionService } from '../modules/sessions/sessions.service';
import { isApiPath } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (logout, new access token, bindings): checked like a POST. */
    changesState?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = USER_ID_HEADER.toLowerCase();

export const crossSiteRefused = (): AppError => new AppError(401, 'auth.crossSite');

/** Throws unless a cookie-signed caller sent its own user id in the New-Api-User header. */
export function assertSameSite(request: FastifyRequest, identity: Identity | null): void {
  if (!identity || identity.sessionId === null) return;
  const header = request.headers[HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim() !== String(identity.userId)) throw crossSiteRefused();
}

export function registerCsrf(app: FastifyInstance, sessions: SessionService): void {
  const sameSiteGuard = async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) && config.changesState !== true) return;
    let identity = request.identity;
    // A public route that acts on the session when there is one (logout). Other public routes
    // (sign-in, registration, reset) do not act on the session, whatever cookie rides along.
    if (!identity && config.access === 'public' && config.changesState === true) {
      const token = request.cookies[SESSION_COOKIE];
      identity = token ? await sessions.fromCookie(token) : null;
    }
    assertSameSite(request, identity);
  };
  // preParsing runs after every onRequest hook (so after the auth guard resolved the caller) and
  // before a body is read.
  // A callback hook: a request outside /api (every relayed one) passes at once, without a promise.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!isApiPath(request.url)) return done(null, payload);
    sameSiteGuard(request).then(() => done(null, payload), done);
  });
}
