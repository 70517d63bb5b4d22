// The audit trail, from the audit table: its list (admin) and where its CSV export downloads from.
import { createEndpointApi, endpointUrl } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type { AuditPage } from '@switchyard/contracts';
import { auditEndpoints } from '@switchyard/contracts/endpoints';

export interface AuditFilters {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
}

const auditApi = createEndpointApi(auditEndpoints);

const paramsOf = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

/** `page` counts from 1 as the list shows it. */
export const fetchAudit = (
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<AuditPage> =>
  auditApi.list({
    query: {
      ...paramsOf(filters),
      p: endpointPage(auditEndpoints.list, page),
      page_size: pageSize,
    },
  });

/** A plain download with the session cookie, like the usage export. */
export const auditExportUrl = (filters: AuditFilters): string =>
  `${endpointUrl(auditEndpoints.export)}?${new URLSearchParams(paramsOf(filters)).toString()}`;
