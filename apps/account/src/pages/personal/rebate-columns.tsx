// Columns of the referral rebate list: who paid, which payment, the rebate, when.
import type { TableColumnProps } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { AffiliateRebateView } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

export function getRebateColumns(
  t: TFunction,
  renderQuota: (quota: number) => string,
): TableColumnProps<AffiliateRebateView>[] {
  return [
    {
      title: t('personal.rebates.invitee'),
      dataIndex: 'invitee_username',
      render: (name: string, row) => name || `#${row.invitee_id}`,
    },
    {
      title: t('personal.rebates.payment'),
      dataIndex: 'top_up_id',
      render: (id: number, row) => {
        const method = t(`personal.rebates.methods.${row.payment_method}`, {
          defaultValue: row.payment_method,
        });
        return row.plan_name
          ? t('personal.rebates.planPaymentOf', { id, method, plan: row.plan_name })
          : t('personal.rebates.paymentOf', { id, method });
      },
    },
    {
      title: t('personal.rebates.quota'),
      dataIndex: 'quota',
      render: (quota: number) => renderQuota(quota),
    },
    {
      title: t('personal.rebates.time'),
      dataIndex: 'created_at',
      render: (seconds: number) => formatTime(seconds),
    },
  ];
}
