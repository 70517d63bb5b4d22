// Reads values out of a Prometheus text exposition (what GET /metrics returns).
import type { TestServer } from './server';

/** The sample `name{labels}` (labels matched exactly, in any order), or 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]\w*=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

/** Whether any sample of the metric is present. */
export function hasMetric(text: string, name: string): boolean {
  return text
    .split('\n')
    .some((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

export async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const response = await server.app.inject({ method: 'GET', url: '/metrics', headers });
  return response.body;
}
