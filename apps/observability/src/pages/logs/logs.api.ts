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
