// /api/token: the signed-in user's API tokens (spec §7 "Tokens"), from the tokens table.
import { tokenEndpoints } from '@switchyard/contracts/endpoints';
import { tokenStatusRequestSchema, updateTokenRequestSchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { TokensService } from './tokens.service';

export function registerTokenRoutes(app: FastifyInstance, tokens: TokensService): void {
  serveEndpoint(app, tokenEndpoints.list, async ({ query, request }) =>
    ok(await tokens.list(identityOf(request), query)),
  );

  serveEndpoint(app, tokenEndpoints.search, async ({ query: { keyword, token }, request }) =>
    ok(await tokens.search(identityOf(request), keyword, token)),
  );

  serveEndpoint(app, tokenEndpoints.get, async ({ params, request }) =>
    ok(await tokens.get(identityOf(request), params.id)),
  );

  serveEndpoint(app, tokenEndpoints.create, async ({ body, request }) => {
    const token = await tokens.create(identityOf(request), body);
    return ok(token, translate(languageOf(request), 'token.created'));
  });

  serveEndpoint(app, tokenEndpoints.update, async ({ query, body, request }) => {
    const identity = identityOf(request);
    const token =
      query.status_only === 'true'
        ? await tokens.setStatus(identity, parseInput(tokenStatusRequestSchema, body))
        : await tokens.update(identity, parseInput(updateTokenRequestSchema, body));
    return ok(token, translate(languageOf(request), 'token.updated'));
  });

  serveEndpoint(app, tokenEndpoints.remove, async ({ params, request }) => {
    await tokens.delete(identityOf(request), params.id);
    return ok(undefined, translate(languageOf(request), 'token.deleted'));
  });
}
