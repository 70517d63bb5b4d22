// User administration endpoints (admin): /api/user/ list, search, read, create, edit, manage.
import { Role } from '@switchyard/contracts';
import {
  createUserRequestSchema,
  manageUserRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userSearchQuerySchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOf, translate } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { UsersAdminService } from './admin.service';

const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export function registerUserAdminRoutes(app: FastifyInstance, users: UsersAdminService): void {
  const admin = { access: Role.admin } as const;

  app.get('/api/user/', { config: admin }, async (request) => {
    const query = parseInput(userListQuerySchema, request.query);
    return ok(await users.list({ ...query, keyword: '', group: '' }));
  });

  // A search finds only what the caller may open (GET /api/user/:id): an admin does not read
  // another admin's or root's record through it.
  app.get('/api/user/search', { config: admin }, async (request) => {
    const caller = identityOf(request);
    const query = parseInput(userSearchQuerySchema, request.query);
    return ok(
      await users.list({ ...query, visibleTo: { userId: caller.userId, role: caller.role } }),
    );
  });

  app.get('/api/user/:id', { config: admin }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    return ok(await users.get(identityOf(request), id));
  });

  app.post('/api/user/', { config: admin }, async (request) => {
    await users.create(parseInput(createUserRequestSchema, request.body), auditActorOf(request));
    return ok(undefined, translate(languageOf(request), 'admin.created'));
  });

  app.put('/api/user/', { config: admin }, async (request) => {
    const input = parseInput(updateUserRequestSchema, request.body);
    const language = languageOf(request);
    await users.update(identityOf(request), input, language, auditActorOf(request));
    return ok(undefined, translate(language, 'user.updated'));
  });

  app.post('/api/user/manage', { config: admin }, async (request) => {
    const input = parseInput(manageUserRequestSchema, request.body);
    const language = languageOf(request);
    const caller = identityOf(request);
    const actor = auditActorOf(request);
    const reply = await users.manage(caller, input.username, input.action, language, actor);
    return ok(reply, translate(language, 'admin.manageDone'));
  });
}
