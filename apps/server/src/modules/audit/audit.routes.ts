// GET /api/audit/ and its CSV export (admin), from the audit table: who changed what, filtered by
// actor, action, target and time.
import { auditEndpoints } from '@switchyard/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { serveEndpoint } from '../../lib/serve-endpoint';
import { identityOf } from '../../plugins/auth';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService): void {
  serveEndpoint(app, auditEndpoints.list, async ({ query, request }) =>
    ok(await audit.list(identityOf(request), query)),
  );

  serveEndpoint(app, auditEndpoints.export, async ({ query, request, reply }) => {
    const body = await audit.exportCsv(identityOf(request), query);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
