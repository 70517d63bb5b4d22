// /api/log: usage lists and totals (admin: everyone's; self: the caller's) and cleanup (admin).

import type { Readable } from 'node:stream';
import { logEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { languageOf } from '../../i18n';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
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
  serveEndpoint(app, logEndpoints.list, async ({ query, request }) =>
    ok(await logs.listAll(query, languageOf(request))),
  );
  serveEndpoint(app, logEndpoints.stat, async ({ query }) => ok(await logs.statAll(query)));
  serveEndpoint(app, logEndpoints.self, async ({ query, request }) =>
    ok(await logs.listOwn(identityOf(request).userId, query, languageOf(request))),
  );
  serveEndpoint(app, logEndpoints.selfStat, async ({ query, request }) =>
    ok(await logs.statOwn(identityOf(request).userId, query)),
  );
  // CSV downloads of the same filters as the lists (issue 17).
  serveEndpoint(app, logEndpoints.export, async ({ query, request, reply }) =>
    sendCsv(reply, logs.exportAll(query, languageOf(request))),
  );
  serveEndpoint(app, logEndpoints.selfExport, async ({ query, request, reply }) =>
    sendCsv(reply, logs.exportOwn(identityOf(request).userId, query, languageOf(request))),
  );
  serveEndpoint(app, logEndpoints.cleanup, async ({ query, request }) =>
    ok(await logs.cleanup(query.target_timestamp, auditActorOf(request))),
  );
}
