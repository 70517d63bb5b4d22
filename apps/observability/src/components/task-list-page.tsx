// The frame both task pages share: filters (task id, time range; admins channel) in the URL and
// the server-paged table.
import { Button, Card, Input, Space } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import type { ListColumn } from '@switchyard/console-kit';
import { useSessionStore } from '@switchyard/console-kit';
import { isAdmin, type PagedList } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../lib/time';
import { useListParams } from '../lib/use-list-params';
import { PagedTable } from './paged-table';
import { RemoteRoot } from './remote-root';
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
  const keys = useMemo(() => [props.idKey, 'channel_id'] as const, [props.idKey]);
  const list = useListParams(keys, props.defaultRange);
  const [draft, setDraft] = useState(list.filters);
  const [draftRange, setDraftRange] = useState(list.range);
  const query: TaskPageQuery = {
    p: list.page,
    page_size: list.pageSize,
    start_timestamp: list.range.start,
    end_timestamp: list.range.end,
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
        <Space wrap style={{ marginBottom: 16 }}>
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
          <Button
            type="primary"
            icon={<IconSearch />}
            onClick={() => list.search(draft, draftRange)}
          >
            {t('filter.search')}
          </Button>
        </Space>
        <PagedTable
          testId={`${props.name}-tasks-table`}
          columns={columns}
          data={page.data}
          loading={page.isFetching}
          list={list}
        />
      </Card>
    </RemoteRoot>
  );
}
