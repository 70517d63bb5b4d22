// The latency histogram each status bucket keeps: fixed bins, so buckets add up by summing
// columns and a median comes out of the summed bins. Upper bounds in ms; the last bin is open.
export const LATENCY_BIN_BOUNDS = [
  100,
  250,
  500,
  750,
  1000,
  1500,
  2000,
  3000,
  5000,
  8000,
  15000,
  Number.POSITIVE_INFINITY,
] as const;

export const BIN_COUNT = LATENCY_BIN_BOUNDS.length;

export function binOf(ms: number): number {
  const index = LATENCY_BIN_BOUNDS.findIndex((bound) => ms < bound);
  return index < 0 ? BIN_COUNT - 1 : index;
}

/**
 * The median of a histogram, interpolated inside its bin (the open last bin answers its lower
 * bound); null when the histogram is empty. Within a bin's width of the true median.
 */
export function medianOf(bins: readonly number[]): number | null {
  const total = bins.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const half = total / 2;
  let before = 0;
  for (let index = 0; index < bins.length; index += 1) {
    const count = bins[index] ?? 0;
    if (count > 0 && before + count >= half) {
      const lower = index === 0 ? 0 : (LATENCY_BIN_BOUNDS[index - 1] as number);
      const upper = LATENCY_BIN_BOUNDS[index] as number;
      if (!Number.isFinite(upper)) return lower;
      return Math.round(lower + ((upper - lower) * (half - before)) / count);
    }
    before += count;
  }
  return null;
}
