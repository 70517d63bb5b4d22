// Redeem, the credit history, the online top-up quote and payment form, the referral rebates and
// the epay notify callback, served from the topup table. The callback is public and authenticated
// by its signature: GET with the fields in the query, or POST with them form-encoded, as gateways
// differ.
import { topUpEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import { callbackFields } from './epay';
import type { TopUpService } from './topup.service';

export function registerTopUpRoutes(app: FastifyInstance, topUp: TopUpService): void {
  serveEndpoint(app, topUpEndpoints.redeem, async ({ body, request }) => {
    const language = languageOf(request);
    const quota = await topUp.redeem(identityOf(request), body.key);
    return ok(quota, translate(language, 'redeem.success'));
  });

  // The user's own credit history (codes redeemed, top-up orders), for the wallet page.
  serveEndpoint(app, topUpEndpoints.history, async ({ query, request }) =>
    ok(await topUp.history(identityOf(request), query)),
  );

  serveEndpoint(app, topUpEndpoints.quote, async ({ body, request }) =>
    ok(topUp.quote(identityOf(request), body.amount)),
  );

  serveEndpoint(app, topUpEndpoints.pay, async ({ body, request }) =>
    ok(await topUp.pay(identityOf(request), body)),
  );

  // Referral rebates this user earned from the online payments of the users they invited.
  serveEndpoint(app, topUpEndpoints.rebates, async ({ query, request }) =>
    ok(await topUp.rebates(identityOf(request), query)),
  );

  serveEndpoint(app, topUpEndpoints.notify, async ({ request, reply }) => {
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
    serveEndpoint(scope, topUpEndpoints.notifyForm, async ({ request, reply }) => {
      const answer = await topUp.notify(callbackFields(request.body), languageOf(request));
      return reply.type('text/plain; charset=utf-8').send(answer);
    });
  });
}
