// Columns of the user list; the actions call back into the page.

import { Tooltip } from '@arco-design/web-react';
import { type ListColumn, RowActions } from '@switchyard/console-kit/list';
import { type AdminUser, isRoot, type ManageAction, UserStatus } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { RoleTag, StatusTag } from './user-labels';

export interface UserColumnHandlers {
  renderQuota: (quota: number) => string;
  /** Only root promotes and demotes (the server refuses anyone else). */
  canChangeRoles: boolean;
  onManage: (user: AdminUser, action: ManageAction) => void;
  /** Removes every passkey of the user (a lost device). */
  onResetPasskeys: (user: AdminUser) => void;
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
        const enabled = user.status === UserStatus.enabled;
        const roles = h.canChangeRoles && !superAdmin;
        return (
          <RowActions
            testId={testId('more')}
            actions={[
              {
                key: 'edit',
                label: t('users.actions.edit'),
                disabled: cancelled,
                onClick: () => h.onEdit(user),
                testId: testId('edit'),
              },
              !superAdmin && {
                key: 'toggle',
                label: enabled ? t('users.actions.disable') : t('users.actions.enable'),
                status: enabled ? 'warning' : undefined,
                disabled: cancelled || (!enabled && user.status === UserStatus.cancelled),
                onClick: act(enabled ? 'disable' : 'enable'),
                testId: testId(enabled ? 'disable' : 'enable'),
              },
              roles && {
                key: 'promote',
                label: t('users.actions.promote'),
                disabled: cancelled,
                confirm: {
                  title: t('users.confirmPromote', { username: user.username }),
                  okText: t('users.actions.promote'),
                  cancelText: t('users.keep'),
                },
                onClick: act('promote'),
                testId: testId('promote'),
              },
              roles && {
                key: 'demote',
                label: t('users.actions.demote'),
                disabled: cancelled,
                onClick: act('demote'),
                testId: testId('demote'),
              },
              !superAdmin && {
                // A lost phone: the password alone signs in again (the server refuses when the
                // user has no second factor, or outranks the caller).
                key: 'reset_2fa',
                label: t('users.actions.reset2fa'),
                disabled: cancelled,
                confirm: {
                  title: t('users.confirmReset2fa', { username: user.username }),
                  okText: t('users.actions.reset2fa'),
                  cancelText: t('users.keep'),
                },
                onClick: act('reset_2fa'),
                testId: testId('reset-2fa'),
              },
              !superAdmin && {
                key: 'reset_passkeys',
                label: t('users.actions.resetPasskeys'),
                disabled: cancelled,
                confirm: {
                  title: t('users.confirmResetPasskeys', { username: user.username }),
                  okText: t('users.actions.resetPasskeys'),
                  cancelText: t('users.keep'),
                },
                onClick: () => h.onResetPasskeys(user),
                testId: testId('reset-passkeys'),
              },
              !superAdmin && {
                key: 'delete',
                label: t('users.actions.delete'),
                danger: true,
                disabled: cancelled,
                confirm: {
                  title: t('users.confirmCancel', { username: user.username }),
                  okText: t('users.actions.delete'),
                  cancelText: t('users.keep'),
                },
                onClick: act('delete'),
                testId: testId('delete'),
              },
            ]}
          />
        );
      },
    },
  ];
}
