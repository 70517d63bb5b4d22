// /api/mj and /api/task: drawing and async task lists (admin: everyone's; self: the caller's).
import { taskEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { TasksService, TaskViewer } from './tasks.service';

const owner = (request: FastifyRequest): TaskViewer => ({
  admin: false,
  userId: identityOf(request).userId,
});

export function registerTaskRoutes(app: FastifyInstance, tasks: TasksService): void {
  const everyone: TaskViewer = { admin: true };

  serveEndpoint(app, taskEndpoints.drawings, async ({ query }) =>
    ok(await tasks.drawings(everyone, query)),
  );
  serveEndpoint(app, taskEndpoints.selfDrawings, async ({ query, request }) =>
    ok(await tasks.drawings(owner(request), query)),
  );
  serveEndpoint(app, taskEndpoints.asyncTasks, async ({ query }) =>
    ok(await tasks.asyncTasks(everyone, query)),
  );
  serveEndpoint(app, taskEndpoints.selfAsyncTasks, async ({ query, request }) =>
    ok(await tasks.asyncTasks(owner(request), query)),
  );
}
