// The org's latest log lines (top-ups and calls it paid): owners and admins see everyone's, a
// member their own (the server filters).
import { formatTime, useQuotaDisplay } from '@switchyard/console-kit';
import { type ListColumn, ListTable } from '@switchyard/console-kit/list';
import { LogType, type SelfLogEntry } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { useOrgLog } from './use-org';

type Line = SelfLogEntry & { user_id: number };

export function OrgLog({ orgId }: { orgId: number }) {
  const { t } = useTranslation('account');
  const { renderQuota } = useQuotaDisplay();
  const log = useOrgLog(orgId);
  const columns: ListColumn<Line>[] = [
    { title: t('org.logTime'), render: (_: unknown, l: Line) => formatTime(l.created_at) },
    { title: t('org.member'), dataIndex: 'username' },
    {
      title: t('org.logType'),
      render: (_: unknown, l: Line) =>
        l.type === LogType.topup
          ? t('org.logTopUp')
          : l.type === LogType.consume
            ? t('org.logCall')
            : l.type,
    },
    { title: t('org.logModel'), dataIndex: 'model_name' },
    { title: t('org.logQuota'), render: (_: unknown, l: Line) => renderQuota(l.quota) },
  ];
  return (
    <ListTable
      rowKey="id"
      loading={log.isFetching}
      columns={columns}
      data={log.data?.items ?? []}
      pagination={false}
      testId="org-log"
    />
  );
}
