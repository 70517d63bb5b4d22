// /channel: the channel list with search, paging, in-place priority and weight, row actions.
import { Card } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { ListTable, listPagination, useListParams } from '@switchyard/console-kit/list';
import { type Channel, ChannelStatus } from '@switchyard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ChannelListParams, listChannels } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';
import { RemoteRoot } from '../../remote';
import { getColumns } from './channel-columns';
import { ChannelsSearchForm } from './channels-search-form';
import { ChannelsToolbar } from './channels-toolbar';
import { useChannelActions } from './use-channel-actions';
import { useIdSort } from './use-id-sort';
import { TEST_ALL_REFRESH_MS, useTestAll } from './use-test-all';

const FILTERS = ['keyword', 'group', 'model'] as const;

export function ChannelsPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const list = useListParams({ filters: FILTERS });
  const [idSort, setIdSort] = useIdSort();
  const params: ChannelListParams = { page: list.page, size: list.size, idSort, ...list.filters };
  const actions = useChannelActions();
  const testAll = useTestAll();
  const { renderQuota } = useQuotaDisplay();
  const [selected, setSelected] = useState<number[]>([]);
  const channels = useQuery({
    queryKey: channelKeys.list(params),
    queryFn: () => listChannels(params),
    placeholderData: keepPreviousData,
    refetchInterval: testAll.running ? TEST_ALL_REFRESH_MS : false,
  });

  const columns = useMemo(
    () =>
      getColumns(t, {
        renderQuota: (quota) => renderQuota(quota),
        onTest: (channel, model) => actions.test.mutate(model ? { channel, model } : { channel }),
        onToggle: (channel) =>
          actions.update.mutate({
            id: channel.id,
            status:
              channel.status === ChannelStatus.enabled
                ? ChannelStatus.manuallyDisabled
                : ChannelStatus.enabled,
          }),
        onBalance: (channel) => actions.balance.mutate(channel),
        onEdit: (channel) => navigate(`/channel/edit/${channel.id}`),
        onCopy: (channel) => actions.copy.mutate(channel),
        onDelete: (channel) => actions.remove.mutate(channel),
        onNumber: (channel, field, value) =>
          actions.update.mutate({ id: channel.id, [field]: value }),
      }),
    [t, renderQuota, actions, navigate],
  );

  return (
    <RemoteRoot testId="channels-page">
      <Card title={t('list.title')}>
        <ChannelsSearchForm
          key={list.filtersKey}
          filters={list.filters}
          onSearch={list.setFilters}
        />
        <ChannelsToolbar
          actions={actions}
          testAll={testAll}
          selected={selected}
          idSort={idSort}
          onIdSort={setIdSort}
        />
        <ListTable<Channel>
          testId="channels-table"
          rowKey="id"
          loading={channels.isFetching && !channels.data}
          data={channels.data?.items ?? []}
          columns={columns}
          rowSelection={{
            type: 'checkbox',
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          onRow={(channel) =>
            ({
              'data-testid': `channel-row-${channel.id}`,
              'data-status': channel.status,
              style: channel.status === ChannelStatus.enabled ? undefined : { opacity: 0.5 },
            }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={{
            ...listPagination(list, channels.data?.total ?? 0),
            showTotal: (total: number) => t('list.total', { total }),
          }}
        />
      </Card>
    </RemoteRoot>
  );
}
