// /channel: the channel list with search, paging, in-place priority and weight, row actions.
import { Card } from '@arco-design/web-react';
import { ListTable, useQuotaDisplay } from '@switchyard/console-kit';
import { type Channel, ChannelStatus, PAGE_SIZE_OPTIONS } from '@switchyard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { listChannels } from '../../api/channels.api';
import { channelKeys } from '../../api/query-keys';
import { RemoteRoot } from '../../components/remote-root';
import { getColumns } from './channel-columns';
import { ChannelsSearchForm } from './channels-search-form';
import { ChannelsToolbar } from './channels-toolbar';
import { useChannelActions } from './use-channel-actions';
import { useListParams } from './use-list-params';
import { TEST_ALL_REFRESH_MS, useTestAll } from './use-test-all';

export function ChannelsPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const list = useListParams();
  const actions = useChannelActions();
  const testAll = useTestAll();
  const { renderQuota } = useQuotaDisplay();
  const [selected, setSelected] = useState<number[]>([]);
  const channels = useQuery({
    queryKey: channelKeys.list(list.params),
    queryFn: () => listChannels(list.params),
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
        <ChannelsSearchForm filters={list.filters} onSearch={list.setFilters} />
        <ChannelsToolbar
          actions={actions}
          testAll={testAll}
          selected={selected}
          idSort={list.params.id_sort}
          onIdSort={list.setIdSort}
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
            current: list.page,
            pageSize: list.params.page_size,
            total: channels.data?.total ?? 0,
            sizeCanChange: true,
            sizeOptions: [...PAGE_SIZE_OPTIONS],
            showTotal: (total: number) => t('list.total', { total }),
            onChange: (page: number, size: number) =>
              size === list.params.page_size ? list.setPage(page) : list.setPageSize(size),
          }}
        />
      </Card>
    </RemoteRoot>
  );
}
