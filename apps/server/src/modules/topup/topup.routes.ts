// Redeem (POST /api/user/topup), online top-up quote and payment form (POST /api/user/amount,
// /api/user/pay) and the epay notify callback (/api/user/epay/notify, public: GET with the fields in
// the query, or POST with them form-encoded, as gateways differ); the referral rebates those
// payments earn (GET /api/user/aff/history).
import { Role } from '@switchyard/contracts';
import {
  pageQuerySchema,
  payRequestSchema,
  redeemRequestSchema,
  topUpAmountRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import { callbackFields, EPAY_NOTIFY_PATH } from './epay';
import type { TopUpService } from './topup.service';

export function registerTopUpRoutes(app: FastifyInstance, topUp: TopUpService): void {
  const signedIn = { access: Role.common } as const;

  app.post('/api/user/topup', { config: signedIn }, async (request) => {
    const { key } = parseInput(redeemRequestSchema, request.body);
    const language = languageOf(request);
    const quota = await topUp.redeem(identityOf(request), key, language);
    return ok(quota, translate(language, 'redeem.success'));
  });

  // The user's own credit history (codes redeemed, top-up orders), for the wallet page.
  app.get('/api/user/topup/self', { config: signedIn }, async (request) =>
    ok(await topUp.history(identityOf(request), parseInput(pageQuerySchema, request.query))),
  );

  app.post('/api/user/amount', { config: signedIn }, async (request) => {
    const { amount } = parseInput(topUpAmountRequestSchema, request.body);
    return ok(topUp.quote(identityOf(request), amount));
  });

  app.post('/api/user/pay', { config: signedIn }, async (request) => {
    const input = parseInput(payRequestSchema, request.body);
    return ok(await topUp.pay(identityOf(request), input));
  });

  // Referral rebates this user earned from the online payments of the users they invited.
  app.get('/api/user/aff/history', { config: signedIn }, async (request) => {
    const page = parseInput(pageQuerySchema, request.query);
    return ok(await topUp.rebates(identityOf(request), page));
  });

  app.get(EPAY_NOTIFY_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const answer = await topUp.notify(callbackFields(request.query), languageOf(request));
    return reply.type('text/plain; charset=utf-8').send(answer);
  });

  // Form bodies are accepted only here: the rest of the API stays JSON-only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(EPAY_NOTIFY_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const answer = await topUp.notify(callbackFields(request.body), languageOf(request));
      return reply.type('text/plain; charset=utf-8').send(answer);
    });
  });
}
