// Site admins (issue 32): every organization with its members and wallet (GET /api/org/).
import { useQuotaDisplay } from '@switchyard/console-kit';
import { type ListColumn, ListTable } from '@switchyard/console-kit/list';
import type { OrgView } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orgsApi } from './organization.api';

export function AllOrgs() {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const all = useQuery({ queryKey: ['orgs', 'all'], queryFn: () => orgsApi.list() });
  const columns: ListColumn<OrgView>[] = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('org.name'), dataIndex: 'name', long: true },
    { title: t('org.members'), dataIndex: 'member_count' },
    { title: t('org.balance'), render: (_, org) => renderQuota(org.quota) },
    { title: t('org.used'), render: (_, org) => renderQuota(org.used_quota) },
  ];
  return (
    <ListTable
      rowKey="id"
      loading={all.isFetching}
      columns={columns}
      data={all.data ?? []}
      pagination={false}
      testId="org-all"
    />
  );
}
