// The referral rebates this user earned from their invitees' online payments (GET
// /api/user/aff/history). Its page lives in the component: it is a short list inside the personal
// settings page, whose own URL state it should not take over.
import { Table, Typography } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listRebates } from './personal.api';
import { getRebateColumns } from './rebate-columns';

const PAGE_SIZE = 10;

export function RebateHistory() {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const [page, setPage] = useState(0);
  const rebates = useQuery({
    queryKey: ['account', 'aff-history', page],
    queryFn: () => listRebates(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <div data-testid="personal-rebates">
      <Typography.Title heading={6}>{t('personal.rebates.title')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={rebates.isFetching}
        columns={getRebateColumns(t, renderQuota)}
        data={rebates.data?.items ?? []}
        noDataElement={<Typography.Text>{t('personal.rebates.empty')}</Typography.Text>}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: rebates.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current) => setPage(current - 1),
        }}
      />
    </div>
  );
}
