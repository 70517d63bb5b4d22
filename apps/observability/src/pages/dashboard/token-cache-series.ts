// Shapes the per-token cache-hit chart (issue 28): hourly prompt and cached tokens per token,
// summed into the dashboard's granularity; the rate is cached ÷ prompt tokens of that bucket.
import type { TokenCacheBucket } from '@switchyard/contracts';
import { bucketLabel, bucketStart, type Granularity } from './usage-series';

export interface CacheHitPoint {
  time: string;
  token: string;
  /** Percent, one decimal. */
  rate: number;
}

/**
 * Each token's name as the legend shows it: its name (`#id` when unnamed), the owner's name
 * beside it when several users' tokens are shown, and `#id` again where two would read the same.
 */
export function tokenLabels(rows: readonly TokenCacheBucket[], withOwner: boolean) {
  const base = new Map<number, string>();
  for (const row of rows) {
    if (base.has(row.token_id)) continue;
    const name = row.token_name || `#${row.token_id}`;
    base.set(row.token_id, withOwner && row.username ? `${name} (${row.username})` : name);
  }
  const uses = new Map<string, number>();
  for (const label of base.values()) uses.set(label, (uses.get(label) ?? 0) + 1);
  return new Map(
    [...base].map(([id, label]) => [id, (uses.get(label) ?? 0) > 1 ? `${label} #${id}` : label]),
  );
}

/** One point per token and bucket that had prompt tokens, oldest first. */
export function cacheHitSeries(
  rows: readonly TokenCacheBucket[],
  granularity: Granularity,
  withOwner: boolean,
): CacheHitPoint[] {
  const labels = tokenLabels(rows, withOwner);
  const sums = new Map<string, { start: number; id: number; prompt: number; cached: number }>();
  for (const row of rows) {
    const start = bucketStart(row.created_at, granularity);
    const key = `${start}|${row.token_id}`;
    const entry = sums.get(key) ?? { start, id: row.token_id, prompt: 0, cached: 0 };
    entry.prompt += row.prompt_tokens;
    entry.cached += row.cached_tokens;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .filter((entry) => entry.prompt > 0)
    .sort((a, b) => a.start - b.start || a.id - b.id)
    .map((entry) => ({
      time: bucketLabel(entry.start, granularity),
      token: labels.get(entry.id) ?? `#${entry.id}`,
      rate: Math.round((Math.min(entry.cached, entry.prompt) / entry.prompt) * 1000) / 10,
    }));
}
