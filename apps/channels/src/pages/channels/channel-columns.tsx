// Column factory of the channel list; the table only renders what this returns.
import { Button, Popconfirm, Space, Tooltip } from '@arco-design/web-react';
import type { ListColumn } from '@switchyard/console-kit';
import {
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

/** Balances above 100000 are abbreviated (spec §9). */
const renderBalance = (balance: number): string =>
  balance > 100_000 ? `$${(balance / 1000).toFixed(1)}k` : `$${balance.toFixed(2)}`;

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
              balance: renderBalance(balance),
              time: channel.balance_updated_time
                ? new Date(channel.balance_updated_time * 1000).toLocaleString()
                : '-',
            })}
          >
            <Button
              size="mini"
              type="text"
              onClick={() => handlers.onBalance(channel)}
              data-testid={`channel-balance-${channel.id}`}
            >
              {renderBalance(balance)}
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
          onNumber={handlers.onNumber}
        />
      ),
    },
    {
      title: t('list.columns.actions'),
      dataIndex: 'actions',
      render: (_: unknown, channel) => (
        <Space size={4} wrap>
          <TestButton channel={channel} t={t} onTest={handlers.onTest} />
          <Button
            size="small"
            status={channel.status === ChannelStatus.enabled ? 'warning' : 'success'}
            onClick={() => handlers.onToggle(channel)}
            data-testid={`channel-toggle-${channel.id}`}
          >
            {channel.status === ChannelStatus.enabled
              ? t('list.action.disable')
              : t('list.action.enable')}
          </Button>
          <Button
            size="small"
            onClick={() => handlers.onEdit(channel)}
            data-testid={`channel-edit-${channel.id}`}
          >
            {t('list.action.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => handlers.onCopy(channel)}
            data-testid={`channel-copy-${channel.id}`}
          >
            {t('list.action.copy')}
          </Button>
          <Popconfirm
            title={t('list.action.deleteConfirm', { name: channel.name })}
            onOk={() => handlers.onDelete(channel)}
          >
            <Button size="small" status="danger" data-testid={`channel-delete-${channel.id}`}>
              {t('list.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
