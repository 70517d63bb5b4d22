// /detail: consumption totals and charts by model over time (hour, day or week), in the console's
// scope (issue 32: an org's usage its wallet paid for), and each token's cache-hit rate (issue 28).
import { Card, Empty, Space, Spin, Statistic, Typography } from '@arco-design/web-react';
import { formatTime, useQuotaDisplay, useSessionStore } from '@switchyard/console-kit';
import { isAdmin } from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScopeNote } from '../../components/scope-note';
import { lastSpan } from '../../lib/time';
import { type Scope, scopeKey, useScope } from '../../lib/use-scope';
import { RemoteRoot } from '../../remote';
import { fetchUsageData, type UsageSource } from './dashboard.api';
import { DashboardFilter, type DashboardFilterValue } from './dashboard-filter';
import { TokenCachePanel } from './token-cache-panel';
import {
  callsPerModel,
  defaultSpan,
  isGranularity,
  modelColors,
  quotaSeries,
  totalsOf,
} from './usage-series';

// The chart library is fetched only when the dashboard has something to draw.
const UsageCharts = lazy(() => import('./usage-charts').then((m) => ({ default: m.UsageCharts })));

function useInitialFilter(): DashboardFilterValue {
  const configured = useSessionStore((state) => state.status?.data_export_default_time);
  const [initial] = useState<DashboardFilterValue>(() => {
    const granularity = isGranularity(configured) ? configured : 'hour';
    return { range: lastSpan(defaultSpan(granularity)), granularity, username: '' };
  });
  return initial;
}

const sourceOf = (scope: Scope, admin: boolean): UsageSource =>
  scope.kind === 'org'
    ? { kind: 'org', orgId: scope.orgId }
    : admin
      ? { kind: 'admin' }
      : { kind: 'self' };

export function DashboardPage() {
  const { t } = useTranslation('observability');
  const siteAdmin = isAdmin(useSessionStore((state) => state.user?.role));
  const scope = useScope();
  const source = scope ? sourceOf(scope, siteAdmin) : null;
  // Every user's data and its username filter belong to the admin's own scope, not to an org's.
  const admin = source?.kind === 'admin';
  const { display, renderQuota } = useQuotaDisplay();
  const [filter, setFilter] = useState(useInitialFilter());
  const query = {
    start_timestamp: filter.range.start,
    end_timestamp: filter.range.end,
    username: filter.username.trim(),
  };
  const data = useQuery({
    queryKey: ['observability', 'usage-data', source, query],
    queryFn: () => fetchUsageData(source ?? { kind: 'self' }, query),
    enabled: source !== null,
  });
  const rows = useMemo(() => data.data?.buckets ?? [], [data.data]);
  const foldedAt = data.data?.foldedAt ?? 0;
  const totals = totalsOf(rows);
  const series = useMemo(() => {
    // Charts show dollars when the console shows quota as currency; four significant digits
    // (not decimals) so a sub-cent hour is not drawn as zero.
    const scale = (quota: number) =>
      display.displayInCurrency ? Number((quota / display.quotaPerUnit).toPrecision(4)) : quota;
    return {
      quota: quotaSeries(rows, filter.granularity, scale),
      calls: callsPerModel(rows),
      colors: modelColors(rows),
    };
  }, [rows, filter.granularity, display]);

  return (
    <RemoteRoot testId="dashboard-page">
      <Card
        title={
          <Space wrap size={[8, 4]}>
            {t('dashboard.title')}
            {scope ? <ScopeNote scope={scope} admin={siteAdmin} testId="dashboard-scope" /> : null}
          </Space>
        }
      >
        <DashboardFilter
          key={scope ? scopeKey(scope) : ''}
          admin={admin}
          value={filter}
          onSearch={setFilter}
        />
        {data.data ? (
          <Typography.Paragraph type="secondary" data-testid="dashboard-folded-at">
            {source?.kind === 'org'
              ? t('dashboard.liveOrg', { time: formatTime(foldedAt) })
              : foldedAt > 0
                ? t('dashboard.foldedAt', { time: formatTime(foldedAt) })
                : t('dashboard.notFoldedYet')}
          </Typography.Paragraph>
        ) : null}
        <Space size={48} style={{ marginBottom: 16 }} data-testid="dashboard-totals">
          <Statistic title={t('dashboard.totalQuota')} value={renderQuota(totals.quota)} />
          <Statistic title={t('dashboard.totalRequests')} value={totals.count} groupSeparator />
          <Statistic title={t('dashboard.totalTokens')} value={totals.tokens} groupSeparator />
        </Space>
        {data.isPending || source === null ? (
          <Spin block />
        ) : rows.length === 0 ? (
          <Empty description={t('dashboard.noData')} />
        ) : (
          <Suspense fallback={<Spin tip={t('dashboard.chartLoading')} block />}>
            <UsageCharts
              quotaTitle={t('dashboard.quotaChart')}
              countTitle={t('dashboard.countChart')}
              quota={series.quota}
              calls={series.calls}
              colors={series.colors}
            />
          </Suspense>
        )}
        {source !== null ? (
          <TokenCachePanel
            source={source}
            withOwner={admin || (scope?.kind === 'org' && scope.manager)}
            range={filter.range}
            granularity={filter.granularity}
          />
        ) : null}
      </Card>
    </RemoteRoot>
  );
}
