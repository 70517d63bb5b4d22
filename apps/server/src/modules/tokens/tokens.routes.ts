// /api/token: the signed-in user's API tokens (spec §7 "Tokens").
import { Role } from '@switchyard/contracts';
import {
  createTokenRequestSchema,
  idParamSchema,
  pageQuerySchema,
  statusOnlyQuerySchema,
  tokenSearchQuerySchema,
  tokenStatusRequestSchema,
  updateTokenRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { TokensService } from './tokens.service';

export function registerTokenRoutes(app: FastifyInstance, tokens: TokensService): void {
  const config = { access: Role.common } as const;

  app.get('/api/token/', { config }, async (request) =>
    ok(await tokens.list(identityOf(request), parseInput(pageQuerySchema, request.query))),
  );

  app.get('/api/token/search', { config }, async (request) => {
    const { keyword, token } = parseInput(tokenSearchQuerySchema, request.query);
    return ok(await tokens.search(identityOf(request), keyword, token));
  });

  app.get('/api/token/:id', { config }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return ok(await tokens.get(identityOf(request), id));
  });

  app.post('/api/token/', { config }, async (request) => {
    const token = await tokens.create(
      identityOf(request),
      parseInput(createTokenRequestSchema, request.body),
    );
    return ok(token, translate(languageOf(request), 'token.created'));
  });

  app.put('/api/token/', { config }, async (request) => {
    const identity = identityOf(request);
    const { status_only } = parseInput(statusOnlyQuerySchema, request.query);
    const token =
      status_only === 'true'
        ? await tokens.setStatus(identity, parseInput(tokenStatusRequestSchema, request.body))
        : await tokens.update(identity, parseInput(updateTokenRequestSchema, request.body));
    return ok(token, translate(languageOf(request), 'token.updated'));
  });

  app.delete('/api/token/:id', { config }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    await tokens.delete(identityOf(request), id);
    return ok(undefined, translate(languageOf(request), 'token.deleted'));
  });
}
