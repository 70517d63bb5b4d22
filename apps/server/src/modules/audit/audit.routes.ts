// GET /api/audit/ and its CSV export (admin): who changed what, filtered by actor, action,
// target and time.
import { Role } from '@switchyard/contracts';
import { auditQuerySchema } from '@switchyard/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { parseInput } from '../../lib/validation';
import { identityOf } from '../../plugins/auth';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService): void {
  const admin = { access: Role.admin } as const;

  app.get('/api/audit/', { config: admin }, async (request) =>
    ok(await audit.list(identityOf(request), parseInput(auditQuerySchema, request.query))),
  );

  app.get('/api/audit/export', { config: admin }, async (request, reply) => {
    const query = parseInput(auditQuerySchema, request.query);
    const body = await audit.exportCsv(identityOf(request), query);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
