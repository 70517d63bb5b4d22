// Median latency and time to first token per model (VChart, Arco theme). Lazy: only the status
// page loads it.
import VChart, { type ISpec } from '@visactor/vchart';
import { initVChartArcoTheme } from '@visactor/vchart-arco-theme';
import { useEffect, useRef } from 'react';

export interface LatencyPoint {
  model: string;
  kind: string;
  ms: number;
}

let themeReady = false;

export function LatencyChart({ title, points }: { title: string; points: LatencyPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    if (!themeReady) {
      initVChartArcoTheme({
        defaultMode: document.body.getAttribute('arco-theme') === 'dark' ? 'dark' : 'light',
        isWatchingMode: true,
      });
      themeReady = true;
    }
    const spec: ISpec = {
      type: 'bar',
      direction: 'horizontal',
      title: { visible: true, text: title },
      data: [{ id: 'latency', values: points }],
      xField: 'ms',
      yField: ['model', 'kind'],
      seriesField: 'kind',
      legends: { visible: true, orient: 'bottom' },
    };
    const chart = new VChart(spec, { dom: container.current });
    chart.renderSync();
    return () => chart.release();
  }, [title, points]);
  const height = Math.max(200, 60 + new Set(points.map((p) => p.model)).size * 48);
  return (
    <div ref={container} data-testid="status-latency-chart" style={{ height, width: '100%' }} />
  );
}
