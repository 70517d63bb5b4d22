// One VChart in a div, with the Arco theme following light and dark; shared by the dashboard's
// charts and loaded only with them.
import VChart, { type ISpec } from '@visactor/vchart';
import { initVChartArcoTheme } from '@visactor/vchart-arco-theme';
import { useEffect, useRef } from 'react';

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

export function VChartView({ spec, testId }: { spec: ISpec; testId: string }) {
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
