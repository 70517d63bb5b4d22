// The dashboard's two charts (VChart with the Arco theme, following light and dark): quota per
// model over time, stacked, and the share of calls per model. Loaded only by the dashboard page.

import { useIsPhone } from '@switchyard/console-kit';
import type { ISpec } from '@visactor/vchart';
import type { ModelColors, SeriesPoint } from './usage-series';
import { VChartView as Chart } from './vchart-view';

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
