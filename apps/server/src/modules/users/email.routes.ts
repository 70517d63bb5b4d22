// Mail endpoints: registration codes (verification table), email binding (oauth table), password
// reset request and confirm (reset_password table).
import {
  oauthEndpoints,
  resetPasswordEndpoints,
  verificationEndpoints,
} from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { TurnstileService } from '../verification/turnstile.service';
import type { EmailFlowsService } from './email-flows.service';

export function registerEmailRoutes(
  app: FastifyInstance,
  emails: EmailFlowsService,
  turnstile: TurnstileService,
): void {
  const critical = { critical: true };

  serveEndpoint(
    app,
    verificationEndpoints.sendCode,
    async ({ query: { email, turnstile: token }, request }) => {
      await turnstile.check(token, request.ip);
      const language = languageOf(request);
      await emails.sendCode(email, language);
      return ok(undefined, translate(language, 'verification.sent'));
    },
    critical,
  );

  serveEndpoint(
    app,
    oauthEndpoints.emailBind,
    async ({ query: { email, code }, request }) => {
      await emails.bindEmail(identityOf(request), email, code);
      return ok(undefined, translate(languageOf(request), 'oauth.emailBound'));
    },
    { ...critical, changesState: true },
  );

  serveEndpoint(
    app,
    resetPasswordEndpoints.request,
    async ({ query: { email, turnstile: token }, request }) => {
      await turnstile.check(token, request.ip);
      const language = languageOf(request);
      await emails.sendResetLink(email, language);
      return ok(undefined, translate(language, 'reset.sent'));
    },
    critical,
  );

  serveEndpoint(
    app,
    resetPasswordEndpoints.confirm,
    async ({ body: { email, token } }) => ok(await emails.resetPassword(email, token)),
    critical,
  );
}
