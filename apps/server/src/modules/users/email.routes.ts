// Mail endpoints: registration codes, email binding, password reset request and confirm.
import { Role } from '@switchyard/contracts';
import {
  emailBindQuerySchema,
  emailQuerySchema,
  resetPasswordRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { TurnstileService } from '../verification/turnstile.service';
import type { EmailFlowsService } from './email-flows.service';

export function registerEmailRoutes(
  app: FastifyInstance,
  emails: EmailFlowsService,
  turnstile: TurnstileService,
): void {
  const publicCritical = { access: 'public', critical: true } as const;

  app.get('/api/verification', { config: publicCritical }, async (request) => {
    const { email, turnstile: token } = parseInput(emailQuerySchema, request.query);
    await turnstile.check(token, request.ip);
    const language = languageOf(request);
    await emails.sendCode(email, language);
    return ok(undefined, translate(language, 'verification.sent'));
  });

  app.get(
    '/api/oauth/email/bind',
    { config: { access: Role.common, critical: true, changesState: true } },
    async (request) => {
      const { email, code } = parseInput(emailBindQuerySchema, request.query);
      await emails.bindEmail(identityOf(request), email, code);
      return ok(undefined, translate(languageOf(request), 'oauth.emailBound'));
    },
  );

  app.get('/api/reset_password', { config: publicCritical }, async (request) => {
    const { email, turnstile: token } = parseInput(emailQuerySchema, request.query);
    await turnstile.check(token, request.ip);
    const language = languageOf(request);
    await emails.sendResetLink(email, language);
    return ok(undefined, translate(language, 'reset.sent'));
  });

  app.post('/api/user/reset', { config: publicCritical }, async (request) => {
    const { email, token } = parseInput(resetPasswordRequestSchema, request.body);
    return ok(await emails.resetPassword(email, token));
  });
}
