// The console's one time formatter: unix seconds in, the browser's local time out, and back.

const pad = (value: number): string => String(value).padStart(2, '0');

/** `2026-11-22 06:35:12` in the browser's time zone; '' for 0 (no time recorded). */
export function formatTime(seconds: number): string {
  if (!seconds || !Number.isFinite(seconds)) return '';
  const d = new Date(seconds * 1000);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Parses `YYYY-MM-DD HH:mm:ss` (or any Date-parsable text) as local time; null when invalid. */
export function parseTime(text: string): number | null {
  const millis = Date.parse(text.trim().replace(' ', 'T'));
  return Number.isNaN(millis) ? null : Math.floor(millis / 1000);
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `5 minutes ago` / `5 分钟前` (or `in 2 hours`), in the largest whole unit; '' for 0. */
export function formatRelativeTime(
  seconds: number,
  language: 'zh' | 'en',
  now: number = nowSeconds(),
): string {
  if (!seconds || !Number.isFinite(seconds)) return '';
  const diff = seconds - now;
  const format = new Intl.RelativeTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    numeric: 'auto',
  });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') {
      return format.format(Math.trunc(diff / size), unit);
    }
  }
  return '';
}
