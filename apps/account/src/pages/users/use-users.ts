// The user list: page, size and filters live in the URL; manage actions refresh the list.
import { Message } from '@arco-design/web-react';
import type { AdminUser, ManageAction } from '@switchyard/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { listUsers, manageUser } from './users.api';

export const USERS_KEY = ['account', 'users'] as const;

export function useUserListState() {
  const [params, setParams] = useSearchParams();
  const state = {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: Math.min(100, Math.max(1, Number(params.get('size')) || 10)),
    keyword: params.get('keyword') ?? '',
    group: params.get('group') ?? '',
  };
  const update = (next: Partial<typeof state>) => {
    const merged = { ...state, ...next };
    const search = new URLSearchParams();
    if (merged.page > 1) search.set('page', String(merged.page));
    if (merged.pageSize !== 10) search.set('size', String(merged.pageSize));
    if (merged.keyword) search.set('keyword', merged.keyword);
    if (merged.group) search.set('group', merged.group);
    setParams(search);
  };
  return { state, update };
}

export function useUsers() {
  const { state, update } = useUserListState();
  const query = useQuery({
    queryKey: [...USERS_KEY, state],
    queryFn: () => listUsers(state),
    placeholderData: keepPreviousData,
  });
  return { state, update, query };
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
