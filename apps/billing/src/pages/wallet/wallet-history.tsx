// Under the balance: where it came from and what was paid — the user's redeemed codes and every
// online payment (a wallet top-up, a plan, an org's wallet), newest first.
import { Card, Tag } from '@arco-design/web-react';
import { formatTime, useQuotaDisplay } from '@switchyard/console-kit';
import { type ListColumn, ListTable } from '@switchyard/console-kit/list';
import { TopUpStatus, type WalletHistoryEntry } from '@switchyard/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listWalletHistory } from './wallet.api';

export const WALLET_HISTORY_KEY = ['billing', 'wallet-history'] as const;
const PAGE_SIZE = 10;

type Row = WalletHistoryEntry & { rowKey: string };

/** What an entry bought: the wallet, or the plan or org by name (a deleted one by its id). */
function targetText(t: TFunction, row: WalletHistoryEntry): string {
  if (row.target === 'wallet') return t('walletHistory.targets.wallet');
  const name = row.target_name || t('walletHistory.deleted', { id: row.target_id });
  return t(`walletHistory.targets.${row.target}`, { name });
}

function historyColumns(t: TFunction, renderQuota: (quota: number) => string): ListColumn<Row>[] {
  return [
    {
      title: t('walletHistory.time'),
      dataIndex: 'time',
      card: 'title',
      render: (_, row) => formatTime(row.time),
    },
    {
      title: t('walletHistory.kind'),
      dataIndex: 'kind',
      render: (_, row) => t(`walletHistory.kinds.${row.kind}`),
    },
    {
      title: t('walletHistory.target'),
      dataIndex: 'target',
      render: (_, row) => targetText(t, row),
    },
    {
      title: t('walletHistory.amount'),
      dataIndex: 'quota',
      render: (_, row) => renderQuota(row.quota),
    },
    {
      title: t('walletHistory.paid'),
      dataIndex: 'money',
      render: (_, row) =>
        row.kind === 'topup' ? `${row.money.toFixed(2)} ${row.currency}`.trim() : '-',
    },
    {
      title: t('walletHistory.method'),
      dataIndex: 'payment_method',
      render: (_, row) =>
        row.payment_method ? t(`walletHistory.methods.${row.payment_method}`) : '-',
    },
    {
      title: t('walletHistory.status'),
      dataIndex: 'status',
      render: (_, row) =>
        row.status === TopUpStatus.success ? (
          <Tag color="green">{t('walletHistory.statuses.success')}</Tag>
        ) : (
          <Tag color="orange">{t('walletHistory.statuses.pending')}</Tag>
        ),
    },
  ];
}

export function WalletHistory() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: [...WALLET_HISTORY_KEY, page],
    queryFn: () => listWalletHistory(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const rows: Row[] = (history.data?.items ?? []).map((entry) => ({
    ...entry,
    rowKey: `${entry.kind}-${entry.id}`,
  }));
  return (
    <Card title={t('walletHistory.title')} style={{ marginBottom: 16 }}>
      <ListTable<Row>
        testId="wallet-history"
        rowKey="rowKey"
        columns={historyColumns(t, renderQuota)}
        data={rows}
        loading={history.isFetching}
        noDataElement={t('walletHistory.empty')}
        pagination={
          (history.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: history.data?.total ?? 0,
                onChange: setPage,
              }
            : false
        }
      />
    </Card>
  );
}
