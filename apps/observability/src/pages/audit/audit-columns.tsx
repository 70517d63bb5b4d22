// Columns of the audit trail: when, who, what, which target, the change and from where.
import { Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import type { AuditEntry } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

/** The summary is a JSON object; shown as `key: value` pairs, the raw text if it is not one. */
export function summaryText(summary: string): string {
  try {
    const parsed: unknown = JSON.parse(summary);
    if (parsed === null || typeof parsed !== 'object') return summary;
    return Object.entries(parsed)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('; ');
  } catch {
    return summary;
  }
}

export function getAuditColumns(t: TFunction): ListColumn<AuditEntry>[] {
  return [
    {
      title: t('audit.columns.time'),
      dataIndex: 'created_at',
      render: (seconds: number) => formatTime(seconds),
    },
    { title: t('audit.columns.actor'), dataIndex: 'actor_name' },
    {
      title: t('audit.columns.action'),
      dataIndex: 'action',
      render: (action: string) => <Tag>{action}</Tag>,
    },
    {
      title: t('audit.columns.target'),
      key: 'target',
      render: (_: unknown, entry) =>
        entry.target_id ? `${entry.target_type} #${entry.target_id}` : entry.target_type,
    },
    {
      title: t('audit.columns.summary'),
      dataIndex: 'summary',
      render: (summary: string) => summaryText(summary),
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip' },
  ];
}
