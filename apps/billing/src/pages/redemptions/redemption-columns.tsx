// Columns of the redemption-code table; the page passes the row actions in.

import { Button, Popover, Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import { type ListColumn, RowActions } from '@switchyard/console-kit/list';
import { RedemptionStatus, type RedemptionView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

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
      // A plan code activates its plan instead of adding quota (issue 31).
      render: (_, code) =>
        code.plan_id > 0
          ? t('redemptions.planCode', { id: code.plan_id })
          : actions.renderQuota(code.quota),
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
      render: (_, code) => (
        <RowActions
          testId={`code-more-${code.id}`}
          actions={[
            {
              key: 'view',
              label: t('redemptions.viewKey'),
              element: (
                <Popover content={<code data-testid={`code-key-${code.id}`}>{code.key}</code>}>
                  <Button size="mini">{t('redemptions.viewKey')}</Button>
                </Popover>
              ),
            },
            { key: 'copy', label: t('common.copy'), onClick: () => actions.copy(code) },
            {
              key: 'toggle',
              label:
                code.status === RedemptionStatus.unused ? t('common.disable') : t('common.enable'),
              disabled: code.status === RedemptionStatus.used,
              onClick: () => actions.toggle(code),
              testId: `code-toggle-${code.id}`,
            },
            {
              key: 'edit',
              label: t('common.edit'),
              disabled: code.status !== RedemptionStatus.unused,
              onClick: () => actions.edit(code),
              testId: `code-edit-${code.id}`,
            },
            {
              key: 'delete',
              label: t('common.delete'),
              danger: true,
              confirm: {
                title: t('redemptions.deleteConfirm'),
                content: t('redemptions.deleteContent'),
                okText: t('common.delete'),
              },
              onClick: () => actions.remove(code),
              testId: `code-delete-${code.id}`,
            },
          ]}
        />
      ),
    },
  ];
}
