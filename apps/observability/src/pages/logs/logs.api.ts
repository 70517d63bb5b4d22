// Usage log calls: GET /api/log/ (admin) or /api/log/self, their /stat totals, and a user's summary.
import { apiGet } from '@switchyard/console-kit';
import type { LogEntry, LogStat, PagedList } from '@switchyard/contracts';

export interface LogQuery {
  type: number;
  token_name: string;
  model_name: string;
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

export const fetchLogs = (admin: boolean, query: LogPageQuery): Promise<PagedList<LogEntry>> =>
  apiGet(admin ? '/api/log/' : '/api/log/self', { params: paramsOf(query) });

export const fetchLogStat = (admin: boolean, query: LogQuery): Promise<LogStat> =>
  apiGet(admin ? '/api/log/stat' : '/api/log/self/stat', { params: paramsOf(query) });

export interface UserSummary {
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
}

export const fetchUserSummary = (id: number): Promise<UserSummary> =>
  apiGet(`/api/user/${encodeURIComponent(String(id))}`);

/**
 * Where the CSV export of these filters downloads from. The browser fetches it as a plain
 * download (streamed to disk, never held in the page's memory), with the session cookie.
 */
export function logExportUrl(admin: boolean, query: LogQuery): string {
  const params = new URLSearchParams(
    Object.entries(paramsOf(query)).map(([key, value]) => [key, String(value)]),
  );
  return `${admin ? '/api/log/export' : '/api/log/self/export'}?${params.toString()}`;
}
