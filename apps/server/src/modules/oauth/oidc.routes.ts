// OpenID Connect sign-in and binding: /api/oauth/oidc/start redirects to the provider (state,
// nonce and PKCE verifier kept in a signed, short-lived cookie); the provider returns to the
// console's /oauth/oidc, which calls /api/oauth/oidc?code=&state= like the GitHub flow. Served from
// the oauth table.
import { timingSafeEqual } from 'node:crypto';
import { oauthEndpoints as endpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageOf, translate } from '../../i18n';
import { hmacSha256Hex } from '../../lib/crypto';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf, resolveIdentity, setSessionCookie } from '../../plugins/auth';
import { assertSameSite } from '../../plugins/csrf';
import type { OptionsStore } from '../options/options.store';
import type { SessionService } from '../sessions/sessions.service';
import { setPendingSignInCookie } from '../sessions/two-factor.routes';
import type { OAuthService } from './oauth.service';
import type { OidcClient, OidcFlow, OidcSettings } from './oidc.client';

export const OIDC_FLOW_COOKIE = 'switchyard_oidc';
const FLOW_MAX_AGE_SECONDS = 600;
const CALLBACK_PATH = '/oauth/oidc';

const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  bind: z.boolean(),
  /** The session a bind started in: the callback must come back to it. */
  sid: z.string().nullable(),
});
type SignedFlow = z.infer<typeof flowSchema>;

export interface OidcRouteDeps {
  oauth: OAuthService;
  sessions: SessionService;
  options: OptionsStore;
  oidc: OidcClient;
  /** Signs the flow cookie so a browser cannot swap in its own nonce or verifier. */
  secret: string;
}

export function registerOidcRoutes(app: FastifyInstance, deps: OidcRouteDeps): void {
  const { oauth, sessions, options, oidc, secret } = deps;
  const critical = { critical: true };

  const settings = (): OidcSettings => {
    if (!options.getBool('OIDCEnabled') || !options.getString('OIDCIssuer')) {
      throw refuse('oauth.oidcDisabled');
    }
    return {
      issuer: options.getString('OIDCIssuer'),
      clientId: options.getString('OIDCClientId'),
      clientSecret: options.get('OIDCClientSecret'),
      scopes: options.getString('OIDCScopes'),
    };
  };
  // The console page the provider returns to: on ServerAddress when set, else this origin.
  const redirectUri = (request: FastifyRequest): string => {
    const base = options.getString('ServerAddress') || `${request.protocol}://${request.host}`;
    return `${base.replace(/\/+$/, '')}${CALLBACK_PATH}`;
  };
  const seal = (flow: SignedFlow): string => {
    const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${body}.${hmacSha256Hex(secret, `oidc:${body}`)}`;
  };
  const unseal = (cookie: string | undefined): SignedFlow | null => {
    const [body, mac] = cookie?.split('.') ?? [];
    if (!body || !mac) return null;
    const expected = Buffer.from(hmacSha256Hex(secret, `oidc:${body}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  };
  const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/api/oauth' } as const;

  serveEndpoint(
    app,
    endpoints.oidcStart,
    async ({ query: { bind }, request, reply }) => {
      const current = settings();
      const identity = bind === '1' ? await resolveIdentity(request, reply, sessions) : null;
      if (bind === '1' && !identity?.sessionId) throw refuse('auth.notSignedIn');
      const started = await oidc
        .start(current, redirectUri(request), bind === '1')
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'OIDC discovery failed');
          throw refuse('oauth.oidcFailed');
        });
      const flow: OidcFlow = started.flow;
      reply.setCookie(OIDC_FLOW_COOKIE, seal({ ...flow, sid: identity?.sessionId ?? null }), {
        ...cookieOptions,
        maxAge: FLOW_MAX_AGE_SECONDS,
        secure: request.protocol === 'https',
      });
      return reply.redirect(started.url, 302);
    },
    critical,
  );

  serveEndpoint(app, endpoints.oidcUnbind, async ({ request }) => {
    await oauth.unbindOidc(identityOf(request));
    return ok(undefined, translate(languageOf(request), 'oauth.unbound'));
  });

  serveEndpoint(
    app,
    endpoints.oidc,
    async ({ query: { code, state }, request, reply }) => {
      const current = settings();
      const flow = unseal(request.cookies[OIDC_FLOW_COOKIE]);
      reply.clearCookie(OIDC_FLOW_COOKIE, cookieOptions);
      if (!flow || !state || state !== flow.state) throw refuse('oauth.stateInvalid');
      const identity = flow.bind ? await resolveIdentity(request, reply, sessions) : null;
      if (flow.bind) {
        if (!identity?.sessionId || identity.sessionId !== flow.sid) {
          throw refuse('oauth.stateInvalid');
        }
        assertSameSite(request, identity);
      }
      const account = await oidc
        .finish(current, redirectUri(request), flow, { code, state })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'OIDC code exchange or id_token check failed');
          throw refuse('oauth.oidcFailed');
        });
      const result = await oauth.oidc(account, identity);
      if (result === 'bound') return ok(undefined, 'bind');
      if ('pendingToken' in result) {
        setPendingSignInCookie(request, reply, result.pendingToken);
        return ok(
          { require_2fa: true as const },
          translate(languageOf(request), 'twoFactor.required'),
        );
      }
      setSessionCookie(request, reply, result.token, sessions.maxAgeSeconds);
      return ok(result.user, translate(languageOf(request), 'auth.loginSuccess'));
    },
    critical,
  );
}
