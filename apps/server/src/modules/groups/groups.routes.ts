// GET /api/group/ (admin): the group names.
import { groupEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import type { GroupsService } from './groups.service';

export function registerGroupRoutes(app: FastifyInstance, groups: GroupsService): void {
  serveEndpoint(app, groupEndpoints.names, async () => ok(groups.names()));
}
