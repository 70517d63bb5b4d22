// One row of uptime: a thin bar per interval, coloured by its success rate (grey: no requests).
// Plain elements rather than a chart so it stays crisp, accessible and cheap at 390 px.
import { formatTime } from '@switchyard/console-kit';
import type { StatusBucket } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';

export type BucketHealth = 'good' | 'degraded' | 'bad' | 'idle';

export function healthOf(rate: number | null): BucketHealth {
  if (rate === null) return 'idle';
  if (rate >= 0.99) return 'good';
  if (rate >= 0.9) return 'degraded';
  return 'bad';
}

const COLORS: Record<BucketHealth, string> = {
  good: 'rgb(var(--green-6))',
  degraded: 'rgb(var(--orange-6))',
  bad: 'rgb(var(--red-6))',
  idle: 'var(--color-fill-3)',
};

export const percent = (rate: number | null): string =>
  rate === null ? '—' : `${(rate * 100).toFixed(rate === 1 ? 0 : 2)}%`;

export function UptimeBar({ buckets, testId }: { buckets: StatusBucket[]; testId: string }) {
  const { t } = useTranslation('observability');
  return (
    <div
      data-testid={testId}
      role="img"
      aria-label={t('status.uptimeLabel')}
      style={{ display: 'flex', gap: 1, height: 28, width: '100%' }}
    >
      {buckets.map((bucket) => {
        const health = healthOf(bucket.success_rate);
        return (
          <div
            key={bucket.start}
            data-health={health}
            title={t('status.bucketTitle', {
              time: formatTime(bucket.start),
              rate: percent(bucket.success_rate),
              requests: bucket.requests,
            })}
            style={{ flex: 1, minWidth: 1, borderRadius: 1, background: COLORS[health] }}
          />
        );
      })}
    </div>
  );
}
