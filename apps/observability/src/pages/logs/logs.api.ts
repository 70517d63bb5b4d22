// Usage log calls from the logs table, by source: every user's (admins: `list`), the caller's
// (`self`) or an org's (the org table's `log`, issue 32); their totals, their CSV export, and a
// user's summary (from the users admin table).
import { createEndpointApi, endpointUrl } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type { LogEntry, LogStat, PagedList } from '@switchyard/contracts';
import { logEndpoints, orgEndpoints, userAdminEndpoints } from '@switchyard/contracts/endpoints';

const logsApi = createEndpointApi(logEndpoints);
const orgsApi = createEndpointApi(orgEndpoints);
const usersApi = createEndpointApi(userAdminEndpoints);

/** Whose logs a list reads. */
export type LogSource = { kind: 'admin' } | { kind: 'self' } | { kind: 'org'; orgId: number };

export interface LogQuery {
  type: number;
  token_name: string;
  model_name: string;
  /** '', 'wallet' or 'plan' (any subscription); not in an org's log (the org paid them all). */
  funding?: string;
  start_timestamp: number;
  end_timestamp: number;
  /** Admin only. */
  username?: string;
  channel?: string;
  /** An org's log: one member (owners and admins; the server keeps a member to their own). */
  user_id?: number;
}

export interface LogPageQuery extends LogQuery {
  p: number;
  page_size: number;
}

/** Empty filters are left out so the server does not see `model_name=`. */
const paramsOf = (query: LogQuery | LogPageQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== '' && value !== undefined),
  );

const endpointsOf = (source: LogSource) =>
  source.kind === 'admin'
    ? { list: logEndpoints.list, export: logEndpoints.export }
    : source.kind === 'self'
      ? { list: logEndpoints.self, export: logEndpoints.selfExport }
      : { list: orgEndpoints.log, export: orgEndpoints.logExport };

export const fetchLogs = (source: LogSource, query: LogPageQuery): Promise<PagedList<LogEntry>> => {
  const paged = paramsOf({ ...query, p: endpointPage(endpointsOf(source).list, query.p) });
  // The caller's own and an org's rows are LogEntry without the admin-only fields.
  if (source.kind === 'admin') return logsApi.list({ query: paged });
  if (source.kind === 'self') return logsApi.self({ query: paged }) as Promise<PagedList<LogEntry>>;
  return orgsApi.log({ params: { id: source.orgId }, query: paged }) as Promise<
    PagedList<LogEntry>
  >;
};

export const fetchLogStat = (source: LogSource, query: LogQuery): Promise<LogStat> => {
  const params = paramsOf(query);
  if (source.kind === 'admin') return logsApi.stat({ query: params });
  if (source.kind === 'self') return logsApi.selfStat({ query: params });
  return orgsApi.logStat({ params: { id: source.orgId }, query: params });
};

export interface UserSummary {
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
}

export const fetchUserSummary = (id: number): Promise<UserSummary> =>
  usersApi.get({ params: { id } });

/**
 * Where the CSV export of these filters downloads from. The browser fetches it as a plain
 * download (streamed to disk, never held in the page's memory), with the session cookie.
 */
export function logExportUrl(source: LogSource, query: LogQuery): string {
  const params = new URLSearchParams(
    Object.entries(paramsOf(query)).map(([key, value]) => [key, String(value)]),
  );
  const path = endpointUrl(
    endpointsOf(source).export,
    source.kind === 'org' ? { id: source.orgId } : {},
  );
  return `${path}?${params.toString()}`;
}
