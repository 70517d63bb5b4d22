// The per-token cache-hit chart (issue 28): one line per token, cached ÷ prompt tokens in percent
// per bucket. Loaded only when there is something to draw.
import type { ISpec } from '@visactor/vchart';
import { useMemo } from 'react';
import type { CacheHitPoint } from './token-cache-series';
import { MODEL_PALETTE } from './usage-series';
import { VChartView } from './vchart-view';

export interface CacheHitChartProps {
  points: CacheHitPoint[];
  rateTitle: string;
}

export function CacheHitChart({ points, rateTitle }: CacheHitChartProps) {
  const spec = useMemo<ISpec>(() => {
    const domain = [...new Set(points.map((point) => point.token))];
    return {
      type: 'line',
      color: {
        type: 'ordinal',
        domain,
        range: domain.map((_, i) => MODEL_PALETTE[i % MODEL_PALETTE.length] as string),
      },
      data: [{ id: 'cache-hit', values: points }],
      xField: 'time',
      yField: 'rate',
      seriesField: 'token',
      point: { visible: true },
      axes: [
        { orient: 'left', min: 0, max: 100, title: { visible: true, text: rateTitle } },
        { orient: 'bottom', type: 'band' },
      ],
      legends: { visible: true, orient: 'bottom' },
    };
  }, [points, rateTitle]);
  return <VChartView spec={spec} testId="dashboard-cache-chart" />;
}
