// The user list: page, size and filters live in the URL; manage actions refresh the list.
import { Message } from '@arco-design/web-react';
import { useListParams } from '@switchyard/console-kit/list';
import type { AdminUser, ManageAction } from '@switchyard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listUsers, manageUser, resetPasskeys } from './users.api';

export const USERS_KEY = ['account', 'users'] as const;

const FILTERS = ['keyword', 'group'] as const;

export function useUsers() {
  const list = useListParams({ filters: FILTERS });
  const params = { page: list.page, pageSize: list.size, ...list.filters };
  const query = useQuery({
    queryKey: [...USERS_KEY, params],
    queryFn: () => listUsers(params),
    placeholderData: keepPreviousData,
  });
  return { list, query };
}

export function useManageUser() {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: ManageAction }) =>
      manageUser(user.username, action),
    onSuccess: () => {
      Message.success(t('users.manageDone'));
      void client.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

export function useResetPasskeys() {
  const { t } = useTranslation('account');
  return useMutation({
    mutationFn: (user: AdminUser) => resetPasskeys(user.id),
    onSuccess: (removed) => {
      Message.success(t('users.passkeysReset', { count: removed }));
    },
  });
}
