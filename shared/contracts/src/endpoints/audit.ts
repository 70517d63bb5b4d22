// The audit trail (admin): who changed what, filtered by actor, action, target and time.
import { z } from 'zod';
import type { AuditPage } from '../identity';
import { auditQuerySchema } from '../identity';
import { defineEndpoint, typedReply } from './define';

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit/',
    summary: 'One page of audit entries, newest first',
    role: 'admin',
    query: auditQuerySchema,
    reply: typedReply<AuditPage>('One page of audit entries'),
    pageBase: 1,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/audit/export',
    summary: 'The filtered audit entries as CSV',
    role: 'admin',
    query: auditQuerySchema,
    reply: z.string().meta({ description: 'A text/csv download of the filtered entries' }),
    bare: true,
  }),
};
