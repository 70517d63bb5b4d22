// Turns hourly buckets into what the dashboard shows: totals, per-model series at the chosen
// granularity, and call counts per model.
import type { UsageBucket } from '@switchyard/contracts';
import { DAY } from '../../lib/time';

export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Default range per granularity (spec §9 via the reference): 1, 7 or 30 days back. */
const DEFAULT_SPAN: Record<Granularity, number> = { hour: DAY, day: 7 * DAY, week: 30 * DAY };

export const isGranularity = (value: unknown): value is Granularity =>
  (GRANULARITIES as readonly unknown[]).includes(value);

export const defaultSpan = (granularity: Granularity): number => DEFAULT_SPAN[granularity];

export interface UsageTotals {
  quota: number;
  count: number;
  tokens: number;
}

export function totalsOf(rows: readonly UsageBucket[]): UsageTotals {
  return rows.reduce(
    (sum, row) => ({
      quota: sum.quota + row.quota,
      count: sum.count + row.count,
      tokens: sum.tokens + row.token_used,
    }),
    { quota: 0, count: 0, tokens: 0 },
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Start of the local hour, day or week (weeks start on Monday) holding `seconds`. */
export function bucketStart(seconds: number, granularity: Granularity): number {
  const date = new Date(seconds * 1000);
  date.setMinutes(0, 0, 0);
  if (granularity !== 'hour') date.setHours(0);
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return Math.floor(date.getTime() / 1000);
}

export function bucketLabel(seconds: number, granularity: Granularity): string {
  const d = new Date(seconds * 1000);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return granularity === 'hour' ? `${day} ${pad(d.getHours())}:00` : day;
}

export interface SeriesPoint {
  time: string;
  model: string;
  value: number;
}

/** Quota per model per bucket, oldest first; `value` is quota mapped through `scale`. */
export function quotaSeries(
  rows: readonly UsageBucket[],
  granularity: Granularity,
  scale: (quota: number) => number,
): SeriesPoint[] {
  const sums = new Map<string, { start: number; model: string; quota: number }>();
  for (const row of rows) {
    const start = bucketStart(row.created_at, granularity);
    const key = `${start}|${row.model_name}`;
    const entry = sums.get(key) ?? { start, model: row.model_name, quota: 0 };
    entry.quota += row.quota;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort((a, b) => a.start - b.start || a.model.localeCompare(b.model))
    .map((entry) => ({
      time: bucketLabel(entry.start, granularity),
      model: entry.model,
      value: scale(entry.quota),
    }));
}

export function callsPerModel(rows: readonly UsageBucket[]): { model: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.model_name, (counts.get(row.model_name) ?? 0) + row.count);
  return [...counts.entries()]
    .map(([model, count]) => ({ model, count }))
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
}

/** Distinct hues that keep 3:1 against both the light and the dark card (Arco's data palette). */
export const MODEL_PALETTE = [
  '#165DFF',
  '#14C9C9',
  '#F7BA1E',
  '#722ED1',
  '#F77234',
  '#3491FA',
  '#9FDB1D',
  '#D91AD9',
  '#0FC6C2',
  '#F53F3F',
  '#7BE188',
  '#FF9A2E',
] as const;

export interface ModelColors {
  /** Every model, in one stable (alphabetical) order: both charts list them the same way. */
  domain: string[];
  /** The colour of each model of `domain`, by position. */
  range: string[];
}

/** One colour per model, the same in both charts and on every reload of the same models. */
export function modelColors(rows: readonly UsageBucket[]): ModelColors {
  const domain = [...new Set(rows.map((row) => row.model_name))].sort((a, b) => a.localeCompare(b));
  const range = domain.map((_, index) => MODEL_PALETTE[index % MODEL_PALETTE.length] as string);
  return { domain, range };
}
