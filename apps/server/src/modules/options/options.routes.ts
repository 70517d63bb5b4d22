// GET and PUT /api/option/ and the model ratio reset (super admin only).
import { Role } from '@switchyard/contracts';
import { updateOptionRequestSchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { auditActorOf } from '../audit/audit.writer';
import type { OptionsService } from './options.service';

export function registerOptionRoutes(app: FastifyInstance, options: OptionsService): void {
  app.get('/api/option/', { config: { access: Role.root } }, async () => ok(options.list()));

  app.put('/api/option/', { config: { access: Role.root } }, async (request) => {
    const { key, value } = parseInput(updateOptionRequestSchema, request.body);
    await options.update(key, value, auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'option.saved'));
  });

  app.post('/api/option/rest_model_ratio', { config: { access: Role.root } }, async (request) => {
    await options.resetModelRatio(auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'option.modelRatioReset'));
  });
}
