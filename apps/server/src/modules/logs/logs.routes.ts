// /api/log: usage lists and totals (admin: everyone's; self: the caller's) and cleanup (admin).
import { Role } from '@switchyard/contracts';
import {
  logCleanupQuerySchema,
  logListQuerySchema,
  logStatQuerySchema,
  selfLogListQuerySchema,
  selfLogStatQuerySchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { LogsService } from './logs.service';

export function registerLogRoutes(app: FastifyInstance, logs: LogsService): void {
  const admin = { access: Role.admin } as const;
  const signedIn = { access: Role.common } as const;

  app.get('/api/log/', { config: admin }, async (request) =>
    ok(await logs.listAll(parseInput(logListQuerySchema, request.query))),
  );
  app.get('/api/log/stat', { config: admin }, async (request) =>
    ok(await logs.statAll(parseInput(logStatQuerySchema, request.query))),
  );
  app.get('/api/log/self', { config: signedIn }, async (request) =>
    ok(
      await logs.listOwn(
        identityOf(request).userId,
        parseInput(selfLogListQuerySchema, request.query),
      ),
    ),
  );
  app.get('/api/log/self/stat', { config: signedIn }, async (request) =>
    ok(
      await logs.statOwn(
        identityOf(request).userId,
        parseInput(selfLogStatQuerySchema, request.query),
      ),
    ),
  );
  app.delete('/api/log/', { config: admin }, async (request) => {
    const { target_timestamp } = parseInput(logCleanupQuerySchema, request.query);
    return ok(await logs.cleanup(target_timestamp));
  });
}
