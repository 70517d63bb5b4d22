// The usage log's server data: one page of logs and, once asked for, the consumption total, from
// the source the scope and role pick (every user's, my own, or an org's).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rangeOf } from '../../lib/time';
import { fetchLogStat, fetchLogs, type LogQuery, type LogSource } from './logs.api';
import type { LogUrlFilters } from './logs-filter-form';

export interface LogListState {
  /** From 1; the log API counts `p` from 1 too. */
  page: number;
  size: number;
  filters: LogUrlFilters;
}

export function toLogQuery(source: LogSource, filters: LogUrlFilters): LogQuery {
  const range = rangeOf(filters);
  const base = {
    type: Number(filters.type || 0),
    token_name: filters.token_name.trim(),
    model_name: filters.model_name.trim(),
    start_timestamp: range.start,
    end_timestamp: range.end,
  };
  if (source.kind === 'org') {
    const member = Number(filters.user_id);
    return Number.isSafeInteger(member) && member > 0 ? { ...base, user_id: member } : base;
  }
  const funded = { ...base, funding: filters.funding };
  return source.kind === 'admin'
    ? { ...funded, username: filters.username.trim(), channel: filters.channel.trim() }
    : funded;
}

/** `source` null: the scope is still being worked out, nothing is fetched yet. */
export function useLogs(source: LogSource | null, list: LogListState, statShown: boolean) {
  const shown = source ?? { kind: 'self' as const };
  const query = toLogQuery(shown, list.filters);
  // The server renders each log's content in the request's language: a switch reads it again.
  const { i18n } = useTranslation();
  const page = useQuery({
    queryKey: ['observability', 'logs', shown, query, list.page, list.size, i18n.language],
    queryFn: () => fetchLogs(shown, { ...query, p: list.page, page_size: list.size }),
    // The last page stays while the next loads, but never under another scope's heading.
    placeholderData: (previous, last) =>
      JSON.stringify(last?.queryKey[2]) === JSON.stringify(shown) ? previous : undefined,
    enabled: source !== null,
  });
  const stat = useQuery({
    queryKey: ['observability', 'log-stat', shown, query],
    queryFn: () => fetchLogStat(shown, query),
    enabled: statShown && source !== null,
  });
  return { page, query, stat };
}
