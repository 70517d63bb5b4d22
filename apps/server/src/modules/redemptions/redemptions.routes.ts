// /api/redemption: redemption codes (admin, spec §7 "Redemption").
import { Role } from '@switchyard/contracts';
import {
  createRedemptionRequestSchema,
  idParamSchema,
  pageQuerySchema,
  redemptionSearchQuerySchema,
  redemptionStatusRequestSchema,
  statusOnlyQuerySchema,
  updateRedemptionRequestSchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { RedemptionsService } from './redemptions.service';

export function registerRedemptionRoutes(app: FastifyInstance, codes: RedemptionsService): void {
  const config = { access: Role.admin } as const;

  app.get('/api/redemption/', { config }, async (request) =>
    ok(await codes.list(parseInput(pageQuerySchema, request.query))),
  );

  app.get('/api/redemption/search', { config }, async (request) => {
    const { keyword } = parseInput(redemptionSearchQuerySchema, request.query);
    return ok(await codes.search(keyword));
  });

  app.get('/api/redemption/:id', { config }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return ok(await codes.get(id));
  });

  app.post('/api/redemption/', { config }, async (request) => {
    const input = parseInput(createRedemptionRequestSchema, request.body);
    const keys = await codes.create(identityOf(request), input, auditActorOf(request));
    return ok(keys, translate(languageOf(request), 'redemption.created'));
  });

  app.put('/api/redemption/', { config }, async (request) => {
    const { status_only } = parseInput(statusOnlyQuerySchema, request.query);
    const actor = auditActorOf(request);
    const code =
      status_only === 'true'
        ? await codes.setStatus(parseInput(redemptionStatusRequestSchema, request.body), actor)
        : await codes.update(parseInput(updateRedemptionRequestSchema, request.body), actor);
    return ok(code, translate(languageOf(request), 'redemption.updated'));
  });

  app.delete('/api/redemption/:id', { config }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    await codes.delete(id, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'redemption.deleted'));
  });
}
