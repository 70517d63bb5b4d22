// The dashboard's per-token cache-hit section (issue 28): the range's top tokens by prompt tokens
// and each one's cache-hit rate per bucket; the chart's empty state when no token was called.
import { Empty, Spin, Typography } from '@arco-design/web-react';
import { TOKEN_CACHE_TOP_DEFAULT } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../lib/time';
import { fetchTokenCache } from './dashboard.api';
import { cacheHitSeries } from './token-cache-series';
import type { Granularity } from './usage-series';

const CacheHitChart = lazy(() =>
  import('./cache-hit-chart').then((m) => ({ default: m.CacheHitChart })),
);

export interface TokenCachePanelProps {
  /** Every user's tokens (site admins), else mine. */
  admin: boolean;
  range: TimeRange;
  granularity: Granularity;
}

export function TokenCachePanel({ admin, range, granularity }: TokenCachePanelProps) {
  const { t } = useTranslation('observability');
  const query = {
    start_timestamp: range.start,
    end_timestamp: range.end,
    top: TOKEN_CACHE_TOP_DEFAULT,
  };
  const data = useQuery({
    queryKey: ['observability', 'token-cache', admin, query],
    queryFn: () => fetchTokenCache(admin, query),
  });
  const points = useMemo(
    () => cacheHitSeries(data.data ?? [], granularity, admin),
    [data.data, granularity, admin],
  );
  return (
    <section data-testid="dashboard-cache-hit" style={{ marginTop: 24 }}>
      <Typography.Title heading={6} style={{ marginTop: 0 }}>
        {t('dashboard.cacheHit.title', { top: TOKEN_CACHE_TOP_DEFAULT })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.cacheHit.hint')}</Typography.Paragraph>
      {data.isPending ? (
        <Spin block />
      ) : points.length === 0 ? (
        <div data-testid="dashboard-cache-empty">
          <Empty description={t('dashboard.cacheHit.empty')} />
        </div>
      ) : (
        <Suspense fallback={<Spin tip={t('dashboard.chartLoading')} block />}>
          <CacheHitChart points={points} rateTitle={t('dashboard.cacheHit.rate')} />
        </Suspense>
      )}
    </section>
  );
}
