// Who may call what: every /api route declares its access; the caller is resolved per request.
import { Role, type RoleValue, SESSION_COOKIE } from '@switchyard/contracts';
import type { Endpoint } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { Identity } from '../lib/identity';
import { accessTokenFromHeader, type SessionService } from '../modules/sessions/sessions.service';

/** 'public' needs nothing; a role number is the lowest role allowed (spec §6). */
export type RouteAccess = 'public' | RoleValue;

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  critical: boolean;
  /** The contracts table entry the route was built from (lib/serve-endpoint.ts), if any. */
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route (default-deny): checked when the route is added. */
    access?: RouteAccess;
    /** Sign-in style endpoint: also counted by the stricter critical rate limit. */
    critical?: boolean;
    /** Needs a signed-in session (cookie): an access token, which skips the second factor, is
     * refused (second factor, sessions, making a new access token). */
    sessionOnly?: boolean;
    /** The table entry a route was built from (absent on routes still declared by hand). */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for audits and tests. */
    routeAccess: RouteAccessEntry[];
  }
}

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/** The signed-in caller of a route whose access is not public. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when the request came over https. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/** The caller of a public route when signed in (by cookie or access token), else null. */
export async function resolveIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionService,
): Promise<Identity | null> {
  const cookieToken = request.cookies[SESSION_COOKIE];
  if (cookieToken) {
    const identity = await sessions.fromCookie(cookieToken);
    if (identity) return identity;
    clearSessionCookie(request, reply);
  }
  const header = request.headers.authorization;
  const accessToken = accessTokenFromHeader(Array.isArray(header) ? header[0] : header);
  return accessToken ? sessions.fromAccessToken(accessToken) : null;
}

/** Refuses an admin route to an admin without a second factor while `Require2FAForAdmins` is on. */
export type AdminSecondFactorCheck = (identity: Identity) => Promise<boolean>;

/** Registers the access registry, the start-up check and the per-request guard. */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionService,
  adminHasSecondFactor?: AdminSecondFactorCheck,
): void {
  const registry: RouteAccessEntry[] = [];
  app.decorate('routeAccess', registry);
  app.decorateRequest('identity', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new Error(`Route ${methods.join(',')} ${route.url} must declare config.access`);
    }
    for (const method of methods) {
      if (method === 'HEAD' && registry.some((entry) => entry.url === route.url)) continue;
      registry.push({
        method,
        url: route.url,
        access,
        critical: route.config?.critical === true,
        endpoint: route.config?.endpoint,
      });
    }
  });

  const guard = async (request: FastifyRequest, reply: FastifyReply, access: number) => {
    const identity = await resolveIdentity(request, reply, sessions);
    if (!identity) throw unauthorized();
    if (identity.role < access) throw forbidden();
    const config = request.routeOptions.config;
    if (config.sessionOnly === true && identity.sessionId === null) {
      throw new AppError(401, 'twoFactor.sessionRequired');
    }
    if (access >= Role.admin && adminHasSecondFactor && !(await adminHasSecondFactor(identity))) {
      throw new AppError(403, 'twoFactor.requiredForAdmins');
    }
    request.identity = identity;
  };
  // A callback hook: a route open to all (every relay route) passes at once, without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return done();
    guard(request, reply, access).then(() => done(), done);
  });
}
