// The usage log's server data: one page of logs and, once asked for, the consumption total.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rangeOf } from '../../lib/time';
import { fetchLogStat, fetchLogs, type LogQuery } from './logs.api';
import type { LogUrlFilters } from './logs-filter-form';

export interface LogListState {
  /** From 1; the log API counts `p` from 1 too. */
  page: number;
  size: number;
  filters: LogUrlFilters;
}

export function toLogQuery(admin: boolean, filters: LogUrlFilters): LogQuery {
  const range = rangeOf(filters);
  return {
    type: Number(filters.type || 0),
    token_name: filters.token_name.trim(),
    model_name: filters.model_name.trim(),
    funding: filters.funding,
    start_timestamp: range.start,
    end_timestamp: range.end,
    ...(admin ? { username: filters.username.trim(), channel: filters.channel.trim() } : {}),
  };
}

export function useLogs(admin: boolean, list: LogListState, statShown: boolean) {
  const query = toLogQuery(admin, list.filters);
  // The server renders each log's content in the request's language: a switch reads it again.
  const { i18n } = useTranslation();
  const page = useQuery({
    queryKey: ['observability', 'logs', admin, query, list.page, list.size, i18n.language],
    queryFn: () => fetchLogs(admin, { ...query, p: list.page, page_size: list.size }),
    placeholderData: (previous) => previous,
  });
  const stat = useQuery({
    queryKey: ['observability', 'log-stat', admin, query],
    queryFn: () => fetchLogStat(admin, query),
    enabled: statShown,
  });
  return { page, stat };
}
