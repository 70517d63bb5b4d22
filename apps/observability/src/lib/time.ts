// Time ranges of the observability pages (unix seconds), their defaults, and how a range is kept
// in the URL beside the other filters (`start`, `end`). Times are shown with the kit's formatTime.
import { nowSeconds } from '@switchyard/console-kit';

export const HOUR = 3600;
export const DAY = 24 * HOUR;

export interface TimeRange {
  start: number;
  end: number;
}

/** The last `span` seconds to one hour ahead (spec §9: logs 24 h, drawings 30 days). */
export const lastSpan = (span: number, now = nowSeconds()): TimeRange => ({
  start: now - span,
  end: now + HOUR,
});

/** From local midnight today to one hour ahead (spec §9: async tasks). */
export function fromStartOfToday(now = nowSeconds()): TimeRange {
  const midnight = new Date(now * 1000);
  midnight.setHours(0, 0, 0, 0);
  return { start: Math.floor(midnight.getTime() / 1000), end: now + HOUR };
}

/** The URL filters naming a range. */
export const RANGE_FILTERS = ['start', 'end'] as const;

const isRangeFilter = (name: string): boolean =>
  (RANGE_FILTERS as readonly string[]).includes(name);

/** How many filters are in force, of those `useListParams` names as changed: a range is one. */
export function activeFilterCount(changed: readonly string[]): number {
  const others = changed.filter((name) => !isRangeFilter(name)).length;
  return changed.some(isRangeFilter) ? others + 1 : others;
}

export const rangeFilters = (range: TimeRange) => ({
  start: String(range.start),
  end: String(range.end),
});

export const rangeOf = (filters: { start: string; end: string }): TimeRange => ({
  start: Number(filters.start),
  end: Number(filters.end),
});
