// Columns of the audit trail: when, who, what, which target, the change and from where (an org
// action's in words: audit-labels).
import { Tag } from '@arco-design/web-react';
import { formatTime } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import type { AuditEntry } from '@switchyard/contracts';
import type { TFunction } from 'i18next';
import { actionLabel, fieldLabel, targetLabel } from './audit-labels';

/** A field as `key: value` (the action's own words come from audit-labels). */
type FieldText = (key: string, value: unknown) => string;

const asRecorded: FieldText = (key, value) =>
  `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;

/** The summary is a JSON object; shown as `key: value` pairs, the raw text if it is not one. */
export function summaryText(summary: string, field: FieldText = asRecorded): string {
  try {
    const parsed: unknown = JSON.parse(summary);
    if (parsed === null || typeof parsed !== 'object') return summary;
    return Object.entries(parsed)
      .map(([key, value]) => field(key, value))
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
      render: (action: string) => <Tag title={action}>{actionLabel(t, action)}</Tag>,
    },
    {
      title: t('audit.columns.target'),
      key: 'target',
      render: (_: unknown, entry) => targetLabel(t, entry.target_type, entry.target_id),
    },
    {
      title: t('audit.columns.summary'),
      key: 'summary',
      render: (_: unknown, entry) =>
        summaryText(entry.summary, (key, value) => fieldLabel(t, entry.action, key, value)),
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip' },
  ];
}
