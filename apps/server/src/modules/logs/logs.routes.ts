// /api/log: usage lists and totals (admin: everyone's; self: the caller's) and cleanup (admin).

import type { Readable } from 'node:stream';
import { Role } from '@switchyard/contracts';
import {
  logCleanupQuerySchema,
  logListQuerySchema,
  logStatQuerySchema,
  selfLogListQuerySchema,
  selfLogStatQuerySchema,
} from '@switchyard/contracts/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { languageOf } from '../../i18n';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import { auditActorOf } from '../audit/audit.writer';
import type { LogsService } from './logs.service';

function sendCsv(reply: FastifyReply, body: Readable) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="usage-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

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
  // CSV downloads of the same filters as the lists (issue 17).
  app.get('/api/log/export', { config: admin }, async (request, reply) => {
    const query = parseInput(logStatQuerySchema, request.query);
    return sendCsv(reply, logs.exportAll(query, languageOf(request)));
  });
  app.get('/api/log/self/export', { config: signedIn }, async (request, reply) => {
    const query = parseInput(selfLogStatQuerySchema, request.query);
    return sendCsv(reply, logs.exportOwn(identityOf(request).userId, query, languageOf(request)));
  });
  app.delete('/api/log/', { config: admin }, async (request) => {
    const { target_timestamp } = parseInput(logCleanupQuerySchema, request.query);
    return ok(await logs.cleanup(target_timestamp, auditActorOf(request)));
  });
}
