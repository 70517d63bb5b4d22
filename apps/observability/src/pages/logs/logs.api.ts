// Usage log calls from the logs table: the list (admin: `list`, else `self`), its totals, its CSV
// export, and a user's summary (from the users admin table).
import { createEndpointApi, endpointUrl } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type { LogEntry, LogStat, PagedList } from '@switchyard/contracts';
import { logEndpoints, userAdminEndpoints } from '@switchyard/contracts/endpoints';

const logsApi = createEndpointApi(logEndpoints);
const usersApi = createEndpointApi(userAdminEndpoints);

export interface LogQuery {
  type: number;
  token_name: string;
  model_name: string;
  /** '', 'wallet' or 'plan' (any subscription). */
  funding: string;
  start_timestamp: number;
  end_timestamp: number;
  /** Admin only. */
  username?: string;
  channel?: string;
}

export interface LogPageQuery extends LogQuery {
  p: number;
  page_size: number;
}

/** Empty filters are left out so the server does not see `model_name=`. */
const paramsOf = (query: LogQuery) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== '' && value !== undefined),
  );

export const fetchLogs = (admin: boolean, query: LogPageQuery): Promise<PagedList<LogEntry>> => {
  const paged = {
    ...query,
    p: endpointPage(admin ? logEndpoints.list : logEndpoints.self, query.p),
  };
  // The caller's own rows are LogEntry without the admin-only fields.
  return admin
    ? logsApi.list({ query: paramsOf(paged) })
    : (logsApi.self({ query: paramsOf(paged) }) as Promise<PagedList<LogEntry>>);
};

export const fetchLogStat = (admin: boolean, query: LogQuery): Promise<LogStat> =>
  admin ? logsApi.stat({ query: paramsOf(query) }) : logsApi.selfStat({ query: paramsOf(query) });

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
export function logExportUrl(admin: boolean, query: LogQuery): string {
  const params = new URLSearchParams(
    Object.entries(paramsOf(query)).map(([key, value]) => [key, String(value)]),
  );
  return `${endpointUrl(admin ? logEndpoints.export : logEndpoints.selfExport)}?${params.toString()}`;
}
