// The frame both task pages share: filters (task id, time range; admins channel) in the URL, in
// the kit's list toolbar, and the server-paged table.
import { Card, Input } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import {
  type ListColumn,
  ListTable,
  ListToolbar,
  listPagination,
  useListParams,
} from '@switchyard/console-kit/list';
import { isAdmin, type PagedList } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activeFilterCount,
  RANGE_FILTERS,
  rangeFilters,
  rangeOf,
  type TimeRange,
} from '../lib/time';
import { RemoteRoot } from '../remote';
import { TimeRangePicker } from './time-range-picker';

export interface TaskPageQuery {
  p: number;
  page_size: number;
  start_timestamp: number;
  end_timestamp: number;
  channel_id?: string;
  [idKey: string]: string | number | undefined;
}

export interface TaskListPageProps<T> {
  name: 'drawing' | 'async';
  title: string;
  /** The query parameter naming one task: mj_id or task_id. */
  idKey: 'mj_id' | 'task_id';
  defaultRange: () => TimeRange;
  fetch: (admin: boolean, query: TaskPageQuery) => Promise<PagedList<T>>;
  columns: (admin: boolean) => ListColumn<T>[];
  banner?: (admin: boolean) => ReactNode;
}

export function TaskListPage<T extends { id: number }>(props: TaskListPageProps<T>) {
  const { t } = useTranslation('observability');
  const admin = isAdmin(useSessionStore((state) => state.user?.role));
  const keys = useMemo(() => [props.idKey, 'channel_id', ...RANGE_FILTERS] as const, [props.idKey]);
  const { defaultRange } = props;
  const defaults = useCallback(() => rangeFilters(defaultRange()), [defaultRange]);
  const list = useListParams({ filters: keys, defaults });
  const range = rangeOf(list.filters);
  const [draft, setDraft] = useState(list.filters);
  const [draftRange, setDraftRange] = useState(range);
  // Back and forward change the URL under the form.
  useEffect(() => {
    setDraft(list.filters);
    setDraftRange(rangeOf(list.filters));
  }, [list.filters]);
  // The task APIs count `p` from 1, as the URL does.
  const query: TaskPageQuery = {
    p: list.page,
    page_size: list.size,
    start_timestamp: range.start,
    end_timestamp: range.end,
    [props.idKey]: list.filters[props.idKey].trim() || undefined,
    channel_id: admin ? list.filters.channel_id.trim() || undefined : undefined,
  };
  const page = useQuery({
    queryKey: ['observability', props.name, admin, query],
    queryFn: () => props.fetch(admin, query),
    placeholderData: (previous) => previous,
  });
  const { columns: makeColumns } = props;
  const columns = useMemo(() => makeColumns(admin), [makeColumns, admin]);

  return (
    <RemoteRoot testId={`${props.name}-tasks-page`}>
      <Card title={props.title}>
        {props.banner?.(admin)}
        <ListToolbar
          onSearch={() => list.setFilters({ ...draft, ...rangeFilters(draftRange) })}
          searchLabel={t('filter.search')}
          collapseOnPhone
          activeFilters={activeFilterCount(list.changed)}
        >
          <Input
            placeholder={t('filter.taskId')}
            aria-label={t('filter.taskId')}
            value={draft[props.idKey]}
            onChange={(value) => setDraft({ ...draft, [props.idKey]: value })}
            style={{ width: 200 }}
            allowClear
          />
          <TimeRangePicker value={draftRange} onChange={setDraftRange} />
          {admin ? (
            <Input
              placeholder={t('filter.channelId')}
              aria-label={t('filter.channelId')}
              value={draft.channel_id}
              onChange={(value) => setDraft({ ...draft, channel_id: value })}
              style={{ width: 140 }}
              allowClear
            />
          ) : null}
        </ListToolbar>
        <ListTable<T>
          testId={`${props.name}-tasks-table`}
          rowKey="id"
          columns={columns}
          data={page.data?.items ?? []}
          loading={page.isFetching}
          noDataElement={t('list.empty')}
          pagination={listPagination(list, page.data?.total ?? 0)}
        />
      </Card>
    </RemoteRoot>
  );
}
