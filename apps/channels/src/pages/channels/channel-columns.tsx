// Column factory of the channel list; the table only renders what this returns.
import { Button, Space, Tooltip } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import { type ListColumn, RowActions } from '@switchyard/console-kit/list';
import {
  type BalanceCurrency,
  CHANNEL_PRIORITY_MIN,
  CHANNEL_WEIGHT_MIN,
  type Channel,
  ChannelStatus,
} from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { NumberCell, TestButton } from './channel-cells';
import { GroupTags, ResponseTimeTag, StatusTag, TypeTag } from './channel-tags';

export interface ColumnHandlers {
  renderQuota: (quota: number) => string;
  onTest: (channel: Channel, model?: string) => void;
  onToggle: (channel: Channel) => void;
  onBalance: (channel: Channel) => void;
  onEdit: (channel: Channel) => void;
  onCopy: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
  onNumber: (channel: Channel, field: 'priority' | 'weight', value: number) => void;
}

/** Balances above 100000 are abbreviated (spec §9); yuan for accounts the provider keeps in CNY. */
const renderBalance = (balance: number, currency: BalanceCurrency): string => {
  const symbol = currency === 'CNY' ? '¥' : '$';
  return balance > 100_000
    ? `${symbol}${(balance / 1000).toFixed(1)}k`
    : `${symbol}${balance.toFixed(2)}`;
};

export function getColumns(t: TFunction, handlers: ColumnHandlers): ListColumn<Channel>[] {
  return [
    { title: t('list.columns.id'), dataIndex: 'id', width: 70, card: 'hidden' },
    { title: t('list.columns.name'), dataIndex: 'name', long: true, card: 'title' },
    {
      title: t('list.columns.group'),
      dataIndex: 'group',
      render: (group: string) => <GroupTags group={group} />,
    },
    {
      title: t('list.columns.type'),
      dataIndex: 'type',
      render: (type: number) => <TypeTag type={type} />,
    },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      render: (_: number, channel) => <StatusTag channel={channel} />,
    },
    {
      title: t('list.columns.responseTime'),
      dataIndex: 'response_time',
      render: (ms: number, channel) => (
        <ResponseTimeTag ms={ms} onClick={() => handlers.onTest(channel)} />
      ),
    },
    {
      title: t('list.columns.balance'),
      dataIndex: 'balance',
      render: (balance: number, channel) => (
        <Space size={4}>
          <Tooltip content={t('list.usedTooltip')}>
            <span data-testid={`channel-used-${channel.id}`}>
              {handlers.renderQuota(channel.used_quota)}
            </span>
          </Tooltip>
          <span>/</span>
          <Tooltip
            content={t('list.balanceTooltip', {
              balance: renderBalance(balance, channel.balance_currency),
              time: formatTime(channel.balance_updated_time) || '-',
            })}
          >
            <Button
              size="mini"
              type="text"
              onClick={() => handlers.onBalance(channel)}
              data-testid={`channel-balance-${channel.id}`}
            >
              {renderBalance(balance, channel.balance_currency)}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('list.columns.priority'),
      dataIndex: 'priority',
      render: (_: number, channel) => (
        <NumberCell
          channel={channel}
          field="priority"
          min={CHANNEL_PRIORITY_MIN}
          label={t('list.priorityOf', { name: channel.name })}
          onNumber={handlers.onNumber}
        />
      ),
    },
    {
      title: t('list.columns.weight'),
      dataIndex: 'weight',
      render: (_: number, channel) => (
        <NumberCell
          channel={channel}
          field="weight"
          min={CHANNEL_WEIGHT_MIN}
          label={t('list.weightOf', { name: channel.name })}
          onNumber={handlers.onNumber}
        />
      ),
    },
    {
      title: t('list.columns.actions'),
      dataIndex: 'actions',
      render: (_: unknown, channel) => (
        <RowActions
          size="small"
          testId={`channel-more-${channel.id}`}
          actions={[
            {
              key: 'test',
              label: t('list.action.test'),
              element: <TestButton channel={channel} t={t} onTest={handlers.onTest} />,
            },
            {
              key: 'edit',
              label: t('list.action.edit'),
              onClick: () => handlers.onEdit(channel),
              testId: `channel-edit-${channel.id}`,
            },
            {
              key: 'toggle',
              label:
                channel.status === ChannelStatus.enabled
                  ? t('list.action.disable')
                  : t('list.action.enable'),
              onClick: () => handlers.onToggle(channel),
              testId: `channel-toggle-${channel.id}`,
            },
            {
              key: 'copy',
              label: t('list.action.copy'),
              onClick: () => handlers.onCopy(channel),
              testId: `channel-copy-${channel.id}`,
            },
            {
              key: 'delete',
              label: t('list.action.delete'),
              danger: true,
              confirm: {
                title: t('list.action.deleteConfirm', { name: channel.name }),
                okText: t('list.action.delete'),
              },
              onClick: () => handlers.onDelete(channel),
              testId: `channel-delete-${channel.id}`,
            },
          ]}
        />
      ),
    },
  ];
}
