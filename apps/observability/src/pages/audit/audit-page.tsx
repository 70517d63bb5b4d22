// /audit (admin): who changed what. An admin sees admins' actions, the super admin everyone's;
// filters live in the URL, and the export downloads the filtered trail as CSV.
import { Button, Card, Input, Space, Typography } from '@arco-design/web-react';
import { ListTable, listPagination, useListParams } from '@switchyard/console-kit/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import { type AuditFilters, auditExportUrl, fetchAudit } from './audit.api';
import { getAuditColumns } from './audit-columns';

const FILTERS = ['actor', 'action', 'target_type', 'target_id'] as const;

export function AuditPage() {
  const { t } = useTranslation('observability');
  const list = useListParams({ filters: FILTERS });
  const filters: AuditFilters = list.filters;
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const query = useQuery({
    queryKey: ['observability', 'audit', filters, list.page, list.size],
    queryFn: () => fetchAudit(filters, list.page, list.size),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => getAuditColumns(t), [t]);
  const field = (name: keyof AuditFilters) => (
    <Input
      key={name}
      allowClear
      style={{ width: 180 }}
      placeholder={t(`audit.filters.${name}`)}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      onPressEnter={() => list.setFilters(draft)}
      data-testid={`audit-filter-${name}`}
    />
  );
  return (
    <RemoteRoot testId="audit-page">
      <Card>
        <Typography.Title heading={5}>{t('audit.title')}</Typography.Title>
        <Space wrap style={{ marginBottom: 16 }}>
          {FILTERS.map(field)}
          <Button type="primary" onClick={() => list.setFilters(draft)} data-testid="audit-search">
            {t('audit.search')}
          </Button>
          <Button href={auditExportUrl(filters)} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Space>
        <ListTable
          rowKey="id"
          columns={columns}
          data={query.data?.items ?? []}
          loading={query.isFetching}
          pagination={listPagination(list, query.data?.total ?? 0)}
          testId="audit-table"
        />
      </Card>
    </RemoteRoot>
  );
}
