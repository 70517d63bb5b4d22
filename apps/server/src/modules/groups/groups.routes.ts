// GET /api/group/ (admin): the group names.
import { Role } from '@switchyard/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import type { GroupsService } from './groups.service';

export function registerGroupRoutes(app: FastifyInstance, groups: GroupsService): void {
  app.get('/api/group/', { config: { access: Role.admin } }, async () => ok(groups.names()));
}
