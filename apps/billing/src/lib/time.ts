// Unix-second timestamps as local `YYYY-MM-DD HH:mm:ss` text, and back.

const pad = (value: number): string => String(value).padStart(2, '0');

export function formatTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Parses `YYYY-MM-DD HH:mm:ss` (or any Date-parsable text) as local time; null when invalid. */
export function parseTime(text: string): number | null {
  const millis = Date.parse(text.trim().replace(' ', 'T'));
  return Number.isNaN(millis) ? null : Math.floor(millis / 1000);
}
