// /api/user/passkey: passkeys in personal settings (session only: an access token could otherwise
// add a credential that signs in past the second factor) and the usernameless sign-in.
import { passkeyEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf, setSessionCookie } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { OptionsStore } from '../options/options.store';
import { sessionMetaOf } from '../sessions/two-factor.routes';
import type { PasskeyService } from './passkeys.service';
import { relyingPartyOf } from './relying-party';

export interface PasskeyRouteDeps {
  passkeys: PasskeyService;
  options: OptionsStore;
  sessionMaxAgeSeconds: number;
}

export function registerPasskeyRoutes(
  app: FastifyInstance,
  { passkeys, options, sessionMaxAgeSeconds }: PasskeyRouteDeps,
): void {
  serveEndpoint(app, passkeyEndpoints.list, async ({ request }) =>
    ok(await passkeys.list(identityOf(request).userId)),
  );

  serveEndpoint(app, passkeyEndpoints.registerOptions, async ({ request }) => {
    const rp = relyingPartyOf(options, request);
    return ok({ ...(await passkeys.registrationOptions(identityOf(request), rp)) });
  });

  serveEndpoint(app, passkeyEndpoints.registerVerify, async ({ body, request }) => {
    const rp = relyingPartyOf(options, request);
    const entry = await passkeys.register(identityOf(request), rp, body);
    return ok(entry, translate(languageOf(request), 'passkey.added'));
  });

  serveEndpoint(app, passkeyEndpoints.remove, async ({ params, request }) => {
    await passkeys.remove(identityOf(request).userId, params.id);
    return ok(undefined, translate(languageOf(request), 'passkey.deleted'));
  });

  serveEndpoint(app, passkeyEndpoints.resetForUser, async ({ params, request }) => {
    const actor = auditActorOf(request);
    const removed = await passkeys.resetForUser(identityOf(request), params.user_id, actor);
    return ok({ removed }, translate(languageOf(request), 'passkey.resetDone'));
  });

  serveEndpoint(
    app,
    passkeyEndpoints.loginOptions,
    async ({ request }) =>
      ok({ ...(await passkeys.loginOptions(relyingPartyOf(options, request))) }),
    { critical: true },
  );

  serveEndpoint(
    app,
    passkeyEndpoints.loginVerify,
    async ({ body, request, reply }) => {
      const rp = relyingPartyOf(options, request);
      const { user, token } = await passkeys.login(rp, body, sessionMetaOf(request));
      setSessionCookie(request, reply, token, sessionMaxAgeSeconds);
      return ok(user, translate(languageOf(request), 'auth.loginSuccess'));
    },
    { critical: true },
  );
}
