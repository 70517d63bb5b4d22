// The dashboard's per-token cache-hit section (issue 28): the range's top tokens by prompt tokens
// and each one's cache-hit rate per bucket, in the dashboard's scope (an org's: issue 32); the
// chart's empty state when no token was called.
import { Empty, Spin, Typography } from '@arco-design/web-react';
import { TOKEN_CACHE_TOP_DEFAULT } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../lib/time';
import { fetchTokenCache, type UsageSource } from './dashboard.api';
import { cacheHitSeries } from './token-cache-series';
import type { Granularity } from './usage-series';

const CacheHitChart = lazy(() =>
  import('./cache-hit-chart').then((m) => ({ default: m.CacheHitChart })),
);

export interface TokenCachePanelProps {
  /** Whose tokens: every user's (site admins), mine, or those an org's wallet paid for. */
  source: UsageSource;
  /** Lines name each token's owner (they are not all the caller's). */
  withOwner: boolean;
  range: TimeRange;
  granularity: Granularity;
}

export function TokenCachePanel({ source, withOwner, range, granularity }: TokenCachePanelProps) {
  const { t } = useTranslation('observability');
  const query = {
    start_timestamp: range.start,
    end_timestamp: range.end,
    top: TOKEN_CACHE_TOP_DEFAULT,
  };
  const data = useQuery({
    queryKey: ['observability', 'token-cache', source, query],
    queryFn: () => fetchTokenCache(source, query),
  });
  const points = useMemo(
    () => cacheHitSeries(data.data ?? [], granularity, withOwner),
    [data.data, granularity, withOwner],
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
