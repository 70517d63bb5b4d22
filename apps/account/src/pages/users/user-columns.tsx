// Columns of the user list; the actions call back into the page.

import { Button, Popconfirm, Space, Tooltip } from '@arco-design/web-react';
import type { ListColumn } from '@switchyard/console-kit';
import { type AdminUser, isRoot, type ManageAction, UserStatus } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { RoleTag, StatusTag } from './user-labels';

export interface UserColumnHandlers {
  renderQuota: (quota: number) => string;
  /** Only root promotes and demotes (the server refuses anyone else). */
  canChangeRoles: boolean;
  onManage: (user: AdminUser, action: ManageAction) => void;
  onEdit: (user: AdminUser) => void;
}

export function getUserColumns(t: TFunction, h: UserColumnHandlers): ListColumn<AdminUser>[] {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, card: 'hidden' },
    {
      title: t('users.columns.username'),
      dataIndex: 'username',
      render: (_, user) => (
        <Tooltip content={user.display_name}>
          <span data-testid={`user-name-${user.username}`}>{user.username}</span>
        </Tooltip>
      ),
    },
    { title: t('users.columns.group'), dataIndex: 'group' },
    {
      title: t('users.columns.quota'),
      dataIndex: 'quota',
      render: (_, user) => (
        <span data-testid={`user-quota-${user.username}`}>
          {h.renderQuota(user.quota)} / {h.renderQuota(user.used_quota)} · {user.request_count}
        </span>
      ),
    },
    {
      title: t('users.columns.role'),
      dataIndex: 'role',
      render: (_, u) => <RoleTag role={u.role} t={t} />,
    },
    {
      title: t('users.columns.status'),
      dataIndex: 'status',
      render: (_, user) => (
        <span data-testid={`user-status-${user.username}`}>
          <StatusTag status={user.status} cancelled={user.deleted_at !== null} t={t} />
        </span>
      ),
    },
    {
      title: t('users.columns.actions'),
      dataIndex: 'actions',
      render: (_, user) => {
        const cancelled = user.deleted_at !== null;
        // The super admin cannot be demoted, disabled or deleted: the server refuses, so the
        // list does not offer it.
        const superAdmin = isRoot(user.role);
        const act = (action: ManageAction) => () => h.onManage(user, action);
        const testId = (action: string) => `user-${action}-${user.username}`;
        return (
          <Space size={4} wrap>
            {h.canChangeRoles && !superAdmin ? (
              <>
                <Popconfirm
                  title={t('users.confirmPromote', { username: user.username })}
                  okText={t('users.actions.promote')}
                  cancelText={t('users.keep')}
                  onOk={act('promote')}
                  disabled={cancelled}
                >
                  <Button size="mini" disabled={cancelled} data-testid={testId('promote')}>
                    {t('users.actions.promote')}
                  </Button>
                </Popconfirm>
                <Button
                  size="mini"
                  disabled={cancelled}
                  onClick={act('demote')}
                  data-testid={testId('demote')}
                >
                  {t('users.actions.demote')}
                </Button>
              </>
            ) : null}
            {superAdmin ? null : user.status === UserStatus.enabled ? (
              <Button
                size="mini"
                status="warning"
                disabled={cancelled}
                onClick={act('disable')}
                data-testid={testId('disable')}
              >
                {t('users.actions.disable')}
              </Button>
            ) : (
              <Button
                size="mini"
                disabled={cancelled || user.status === UserStatus.cancelled}
                onClick={act('enable')}
                data-testid={testId('enable')}
              >
                {t('users.actions.enable')}
              </Button>
            )}
            <Button
              size="mini"
              disabled={cancelled}
              onClick={() => h.onEdit(user)}
              data-testid={testId('edit')}
            >
              {t('users.actions.edit')}
            </Button>
            {superAdmin ? null : (
              <Popconfirm
                title={t('users.confirmCancel', { username: user.username })}
                okText={t('users.actions.delete')}
                okButtonProps={{ status: 'danger' }}
                cancelText={t('users.keep')}
                onOk={act('delete')}
                disabled={cancelled}
              >
                <Button
                  size="mini"
                  status="danger"
                  disabled={cancelled}
                  data-testid={testId('delete')}
                >
                  {t('users.actions.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];
}
