// /api/mj and /api/task: drawing and async task lists (admin: everyone's; self: the caller's).
import { Role } from '@switchyard/contracts';
import { asyncTaskQuerySchema, drawingTaskQuerySchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { TasksService, TaskViewer } from './tasks.service';

const owner = (request: FastifyRequest): TaskViewer => ({
  admin: false,
  userId: identityOf(request).userId,
});

export function registerTaskRoutes(app: FastifyInstance, tasks: TasksService): void {
  const admin = { access: Role.admin } as const;
  const signedIn = { access: Role.common } as const;
  const everyone: TaskViewer = { admin: true };
  const drawingQuery = (request: FastifyRequest) =>
    parseInput(drawingTaskQuerySchema, request.query);
  const asyncQuery = (request: FastifyRequest) => parseInput(asyncTaskQuerySchema, request.query);

  app.get('/api/mj/', { config: admin }, async (request) =>
    ok(await tasks.drawings(everyone, drawingQuery(request))),
  );
  app.get('/api/mj/self', { config: signedIn }, async (request) =>
    ok(await tasks.drawings(owner(request), drawingQuery(request))),
  );
  app.get('/api/task/', { config: admin }, async (request) =>
    ok(await tasks.asyncTasks(everyone, asyncQuery(request))),
  );
  app.get('/api/task/self', { config: signedIn }, async (request) =>
    ok(await tasks.asyncTasks(owner(request), asyncQuery(request))),
  );
}
