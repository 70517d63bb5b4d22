// The dashboard's two charts (VChart with the Arco theme, following light and dark): quota per
// model over time, stacked, and the share of calls per model. Loaded only by the dashboard page.

import { useIsPhone } from '@switchyard/console-kit';
import VChart, { type ISpec } from '@visactor/vchart';
import { initVChartArcoTheme } from '@visactor/vchart-arco-theme';
import { useEffect, useRef } from 'react';
import type { ModelColors, SeriesPoint } from './usage-series';

let themeReady = false;

function ensureTheme(): void {
  if (themeReady) return;
  // Watches the body's arco-theme attribute, which the shell sets for dark mode.
  initVChartArcoTheme({
    defaultMode: document.body.getAttribute('arco-theme') === 'dark' ? 'dark' : 'light',
    isWatchingMode: true,
  });
  themeReady = true;
}

function Chart({ spec, testId }: { spec: ISpec; testId: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    ensureTheme();
    const chart = new VChart(spec, { dom: container.current });
    chart.renderSync();
    return () => chart.release();
  }, [spec]);
  return <div ref={container} data-testid={testId} style={{ height: 360, width: '100%' }} />;
}

export interface UsageChartsProps {
  quotaTitle: string;
  countTitle: string;
  quota: SeriesPoint[];
  calls: { model: string; count: number }[];
  colors: ModelColors;
}

export function UsageCharts({ quotaTitle, countTitle, quota, calls, colors }: UsageChartsProps) {
  // Below 768 px the charts stack, each the full width.
  const phone = useIsPhone();
  // The same model has the same colour in both charts.
  const color = { type: 'ordinal' as const, domain: colors.domain, range: colors.range };
  const barSpec: ISpec = {
    color,
    type: 'bar',
    title: { visible: true, text: quotaTitle },
    data: [{ id: 'quota', values: quota }],
    xField: 'time',
    yField: 'value',
    seriesField: 'model',
    stack: true,
    legends: { visible: true, orient: 'bottom' },
  };
  const pieSpec: ISpec = {
    color,
    type: 'pie',
    title: { visible: true, text: countTitle },
    data: [{ id: 'calls', values: calls }],
    categoryField: 'model',
    valueField: 'count',
    outerRadius: 0.8,
    innerRadius: 0.5,
    legends: { visible: true, orient: 'bottom' },
  };
  return (
    <div
      data-testid="dashboard-charts"
      data-layout={phone ? 'stacked' : 'side-by-side'}
      style={{
        display: 'grid',
        gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'minmax(0, 2fr) minmax(0, 1fr)',
        gap: 16,
      }}
    >
      <Chart spec={barSpec} testId="dashboard-quota-chart" />
      <Chart spec={pieSpec} testId="dashboard-calls-chart" />
    </div>
  );
}
