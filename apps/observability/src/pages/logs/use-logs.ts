// The usage log's server data: one page of logs and, once asked for, the consumption total.
import { useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../lib/use-list-params';
import { fetchLogStat, fetchLogs, type LogQuery } from './logs.api';
import type { LogFilterKey } from './logs-filter-form';

export function toLogQuery(admin: boolean, params: ListParams<LogFilterKey>): LogQuery {
  const { filters, range } = params;
  return {
    type: Number(filters.type || 0),
    token_name: filters.token_name.trim(),
    model_name: filters.model_name.trim(),
    start_timestamp: range.start,
    end_timestamp: range.end,
    ...(admin ? { username: filters.username.trim(), channel: filters.channel.trim() } : {}),
  };
}

export function useLogs(admin: boolean, params: ListParams<LogFilterKey>, statShown: boolean) {
  const query = toLogQuery(admin, params);
  const page = useQuery({
    queryKey: ['observability', 'logs', admin, query, params.page, params.pageSize],
    queryFn: () => fetchLogs(admin, { ...query, p: params.page, page_size: params.pageSize }),
    placeholderData: (previous) => previous,
  });
  const stat = useQuery({
    queryKey: ['observability', 'log-stat', admin, query],
    queryFn: () => fetchLogStat(admin, query),
    enabled: statShown,
  });
  return { page, stat };
}
