// Time helpers of the observability pages: unix seconds in, local text out, and default ranges.

export const HOUR = 3600;
export const DAY = 24 * HOUR;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-22 06:35:12` in the browser's time zone. */
export function formatTime(seconds: number): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

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
