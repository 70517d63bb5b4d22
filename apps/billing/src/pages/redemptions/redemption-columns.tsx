// Columns of the redemption-code table; the page passes the row actions in.

import { Button, Popconfirm, Popover, Space, Tag } from '@arco-design/web-react';
import type { ListColumn } from '@switchyard/console-kit';
import { RedemptionStatus, type RedemptionView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { formatTime } from '../../lib/time';

export interface RedemptionActions {
  copy: (code: RedemptionView) => void;
  toggle: (code: RedemptionView) => void;
  remove: (code: RedemptionView) => void;
  edit: (code: RedemptionView) => void;
  renderQuota: (quota: number) => string;
}

const STATUS_TAGS: Record<number, [string, string]> = {
  [RedemptionStatus.unused]: ['green', 'redemptionStatus.unused'],
  [RedemptionStatus.disabled]: ['red', 'redemptionStatus.disabled'],
  [RedemptionStatus.used]: ['gray', 'redemptionStatus.used'],
};

export function getRedemptionColumns(
  t: TFunction,
  actions: RedemptionActions,
): ListColumn<RedemptionView>[] {
  return [
    { title: t('redemptions.id'), dataIndex: 'id', card: 'hidden' },
    { title: t('redemptions.name'), dataIndex: 'name', long: true, card: 'title' },
    {
      title: t('redemptions.status'),
      dataIndex: 'status',
      render: (_, code) => {
        const [color, label] = STATUS_TAGS[code.status] ?? ['', 'redemptionStatus.unknown'];
        return <Tag color={color}>{t(label)}</Tag>;
      },
    },
    {
      title: t('redemptions.quota'),
      dataIndex: 'quota',
      render: (_, code) => actions.renderQuota(code.quota),
    },
    {
      title: t('common.createdTime'),
      dataIndex: 'created_time',
      render: (_, code) => formatTime(code.created_time),
    },
    {
      title: t('redemptions.redeemer'),
      dataIndex: 'used_user_id',
      render: (_, code) => (code.used_user_id === 0 ? t('redemptions.none') : code.used_user_id),
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      render: (_, code) => {
        const used = code.status === RedemptionStatus.used;
        return (
          <Space size={4} wrap>
            <Popover content={<code data-testid={`code-key-${code.id}`}>{code.key}</code>}>
              <Button size="mini">{t('redemptions.viewKey')}</Button>
            </Popover>
            <Button size="mini" onClick={() => actions.copy(code)}>
              {t('common.copy')}
            </Button>
            <Popconfirm
              title={t('redemptions.deleteConfirm')}
              content={t('redemptions.deleteContent')}
              onOk={() => actions.remove(code)}
            >
              <Button size="mini" status="danger" data-testid={`code-delete-${code.id}`}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
            <Button
              size="mini"
              disabled={used}
              onClick={() => actions.toggle(code)}
              data-testid={`code-toggle-${code.id}`}
            >
              {code.status === RedemptionStatus.unused ? t('common.disable') : t('common.enable')}
            </Button>
            <Button
              size="mini"
              disabled={code.status !== RedemptionStatus.unused}
              onClick={() => actions.edit(code)}
            >
              {t('common.edit')}
            </Button>
          </Space>
        );
      },
    },
  ];
}
