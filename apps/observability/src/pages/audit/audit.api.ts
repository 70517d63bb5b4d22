// The audit trail: GET /api/audit/ (admin) and where its CSV export downloads from.
import { apiGet } from '@switchyard/console-kit';
import type { AuditPage } from '@switchyard/contracts';

export interface AuditFilters {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
}

const paramsOf = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

export const fetchAudit = (
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<AuditPage> =>
  apiGet<AuditPage>('/api/audit/', {
    params: { ...paramsOf(filters), p: page, page_size: pageSize },
  });

/** A plain download with the session cookie, like the usage export. */
export const auditExportUrl = (filters: AuditFilters): string =>
  `/api/audit/export?${new URLSearchParams(paramsOf(filters)).toString()}`;
