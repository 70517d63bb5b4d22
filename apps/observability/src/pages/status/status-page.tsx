// /status: the public status page. Per model: requests, success rate, median latency and time to
// first token, and an uptime bar per interval of the chosen window; admins also see each
// channel's row. Open to guests; the server refuses it while StatusPageEnabled is off.
import { Card, Empty, Radio, Space, Spin, Statistic, Typography } from '@arco-design/web-react';
import {
  STATUS_WINDOWS,
  type StatusFigures,
  type StatusModelRow,
  type StatusWindow,
} from '@switchyard/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteRoot } from '../../remote';
import type { LatencyPoint } from './latency-chart';
import { fetchStatusModels } from './status.api';
import { percent, UptimeBar } from './uptime-bar';

const LatencyChart = lazy(() =>
  import('./latency-chart').then((module) => ({ default: module.LatencyChart })),
);

const REFRESH_MS = 60_000;

const ms = (value: number | null): string => (value === null ? '—' : `${value} ms`);

function Figures({ figures, testId }: { figures: StatusFigures; testId: string }) {
  const { t } = useTranslation('observability');
  return (
    <Space wrap size={24} data-testid={testId}>
      <Statistic title={t('status.requests')} value={figures.requests} groupSeparator />
      <Statistic title={t('status.successRate')} value={percent(figures.success_rate)} />
      <Statistic title={t('status.p50')} value={ms(figures.p50_ms)} />
      <Statistic title={t('status.ttftP50')} value={ms(figures.ttft_p50_ms)} />
    </Space>
  );
}

function ModelCard({ model }: { model: StatusModelRow }) {
  const { t } = useTranslation('observability');
  const id = model.model_name;
  return (
    <Card title={id} data-testid={`status-model-${id}`} size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Figures figures={model} testId={`status-figures-${id}`} />
        <UptimeBar buckets={model.buckets} testId={`status-uptime-${id}`} />
        {model.channels?.map((channel) => (
          <div key={channel.channel_id} data-testid={`status-channel-${id}-${channel.channel_id}`}>
            <Typography.Text type="secondary">
              {t('status.channel', { id: channel.channel_id, name: channel.channel_name })} ·{' '}
              {channel.requests} · {percent(channel.success_rate)} · {ms(channel.p50_ms)}
            </Typography.Text>
            <UptimeBar
              buckets={channel.buckets}
              testId={`status-uptime-${id}-${channel.channel_id}`}
            />
          </div>
        ))}
      </Space>
    </Card>
  );
}

export function StatusPage() {
  const { t } = useTranslation('observability');
  const [window, setWindow] = useState<StatusWindow>('24h');
  const query = useQuery({
    queryKey: ['observability', 'status-models', window],
    queryFn: () => fetchStatusModels(window),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  const models = query.data?.models ?? [];
  const points = useMemo<LatencyPoint[]>(
    () =>
      models.flatMap((model) => [
        ...(model.p50_ms === null
          ? []
          : [{ model: model.model_name, kind: t('status.p50'), ms: model.p50_ms }]),
        ...(model.ttft_p50_ms === null
          ? []
          : [{ model: model.model_name, kind: t('status.ttftP50'), ms: model.ttft_p50_ms }]),
      ]),
    [models, t],
  );

  return (
    <RemoteRoot testId="status-page">
      <Card
        title={t('status.title')}
        extra={
          <Radio.Group
            type="button"
            size="small"
            value={window}
            onChange={(value: StatusWindow) => setWindow(value)}
            data-testid="status-window"
          >
            {STATUS_WINDOWS.map((option) => (
              <Radio key={option} value={option}>
                {t(`status.windows.${option}`)}
              </Radio>
            ))}
          </Radio.Group>
        }
      >
        {query.isError ? (
          <Empty description={query.error.message} data-testid="status-error" />
        ) : query.isPending ? (
          <Spin style={{ display: 'block' }} />
        ) : models.length === 0 ? (
          <Empty description={t('status.empty')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <Typography.Text type="secondary">{t('status.legend')}</Typography.Text>
            {models.map((model) => (
              <ModelCard key={model.model_name} model={model} />
            ))}
            {points.length > 0 ? (
              <Suspense fallback={<Spin />}>
                <LatencyChart title={t('status.latencyTitle')} points={points} />
              </Suspense>
            ) : null}
          </Space>
        )}
      </Card>
    </RemoteRoot>
  );
}
