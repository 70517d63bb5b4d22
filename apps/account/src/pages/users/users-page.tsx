// /user (admin): the user list with search by keyword and group, add, and the manage actions.
import { Button, Card, Input, Select } from '@arco-design/web-react';
import { useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { ListTable, ListToolbar, listPagination } from '@switchyard/console-kit/list';
import { isRoot } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { AddUserModal } from './add-user-modal';
import { useManageUser, useResetPasskeys, useUsers } from './use-users';
import { getUserColumns } from './user-columns';
import { listGroups } from './users.api';

export function UsersPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { renderQuota } = useQuotaDisplay();
  const currentRole = useSessionStore((state) => state.user?.role);
  const { list, query } = useUsers();
  const groups = useQuery({ queryKey: ['account', 'groups'], queryFn: listGroups });
  const manage = useManageUser();
  const resetPasskeys = useResetPasskeys();
  const [keyword, setKeyword] = useState(list.filters.keyword);
  // Back and forward change the URL's keyword under the field.
  useEffect(() => setKeyword(list.filters.keyword), [list.filters.keyword]);
  const [adding, setAdding] = useState(false);

  const columns = getUserColumns(t, {
    renderQuota,
    canChangeRoles: isRoot(currentRole),
    onManage: (user, action) => manage.mutate({ user, action }),
    onResetPasskeys: (user) => resetPasskeys.mutate(user),
    onEdit: (user) => navigate(`/user/edit/${user.id}`),
  });

  return (
    <RemoteRoot testId="users-page">
      <Card>
        <ListToolbar
          actions={
            <Button type="primary" onClick={() => setAdding(true)} data-testid="users-add">
              {t('users.add')}
            </Button>
          }
        >
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={t('users.searchPlaceholder')}
            value={keyword}
            onChange={setKeyword}
            onSearch={(value) => list.setFilters({ keyword: value })}
            data-testid="users-search"
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('users.groupPlaceholder')}
            value={list.filters.group || undefined}
            onChange={(group?: string) => list.setFilters({ group: group ?? '' })}
            options={(groups.data ?? []).map((name) => ({ label: name, value: name }))}
            data-testid="users-group"
          />
        </ListToolbar>
        <ListTable
          rowKey="id"
          loading={query.isFetching}
          columns={columns}
          data={query.data?.items ?? []}
          pagination={listPagination(list, query.data?.total ?? 0)}
          testId="users-table"
        />
      </Card>
      <AddUserModal visible={adding} onClose={() => setAdding(false)} />
    </RemoteRoot>
  );
}
