// Quota windows as pure functions of the time: where the current window began and when it ends.
// `5h` rolls from the first request of a window; `day`/`week`/`month` are calendar periods in an
// IANA timezone (weeks start on Monday). All times are unix seconds.
import type { TokenWindowPeriod } from '@switchyard/contracts';

export const ROLLING_WINDOW_SECONDS = 5 * 3600;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the timezone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

function localParts(seconds: number, timeZone: string): LocalDate & { wallMs: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(seconds * 1000)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, wallMs: Date.UTC(year, month - 1, day, hour, minute, second) };
}

/** Offset of the zone from UTC at an instant, in ms (wall clock minus UTC). */
const offsetAt = (seconds: number, timeZone: string): number =>
  localParts(seconds, timeZone).wallMs - seconds * 1000;

/** The instant a local midnight happens (the first instant after it on a DST gap). */
function localMidnight(date: LocalDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const first = wall - offsetAt(wall / 1000, timeZone);
  const second = wall - offsetAt(first / 1000, timeZone);
  return Math.floor(second / 1000);
}

/** Normalises a local date whose day or month overflowed (Date.UTC carries it over). */
function shiftDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function calendarStartDate(period: 'day' | 'week' | 'month', today: LocalDate): LocalDate {
  if (period === 'day') return today;
  if (period === 'month') return { ...today, day: 1 };
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  return shiftDays(today, -((weekday + 6) % 7));
}

function nextStartDate(period: 'day' | 'week' | 'month', start: LocalDate): LocalDate {
  if (period === 'day') return shiftDays(start, 1);
  if (period === 'week') return shiftDays(start, 7);
  return start.month === 12
    ? { year: start.year + 1, month: 1, day: 1 }
    : { year: start.year, month: start.month + 1, day: 1 };
}

export interface CalendarWindow {
  start: number;
  end: number;
}

/** The last window computed per period and zone: admissions ask for the same one all day. */
const lastWindows = new Map<string, CalendarWindow>();

/** The calendar window holding `now`. */
export function calendarWindow(
  period: 'day' | 'week' | 'month',
  now: number,
  timeZone: string,
): CalendarWindow {
  const key = `${period}|${timeZone}`;
  const last = lastWindows.get(key);
  if (last && last.start <= now && now < last.end) return last;
  const startDate = calendarStartDate(period, localParts(now, timeZone));
  const window = {
    start: localMidnight(startDate, timeZone),
    end: localMidnight(nextStartDate(period, startDate), timeZone),
  };
  // A handful of keys (3 periods × the zone in use); bounded should the zone option churn.
  if (lastWindows.size >= 64) lastWindows.clear();
  lastWindows.set(key, window);
  return window;
}

/**
 * What admission needs to open or keep a window: a window that began before `cutoff` is over,
 * and a new one begins at `freshStart`.
 */
export function windowCutoff(
  period: Exclude<TokenWindowPeriod, ''>,
  now: number,
  timeZone: string,
): { cutoff: number; freshStart: number } {
  if (period === '5h') return { cutoff: now - ROLLING_WINDOW_SECONDS + 1, freshStart: now };
  const { start } = calendarWindow(period, now, timeZone);
  return { cutoff: start, freshStart: start };
}

/** When the window that began at `startedAt` ends; 0 when none is open at `now`. */
export function windowResetsAt(
  period: TokenWindowPeriod,
  startedAt: number,
  now: number,
  timeZone: string,
): number {
  if (period === '' || startedAt === 0) return 0;
  const { cutoff } = windowCutoff(period, now, timeZone);
  if (startedAt < cutoff) return 0;
  if (period === '5h') return startedAt + ROLLING_WINDOW_SECONDS;
  return calendarWindow(period, now, timeZone).end;
}
