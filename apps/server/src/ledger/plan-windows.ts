// A subscription's quota windows (issue 31): where each period's current window starts, its
// columns on the subscription row, and the window a refused take found full. Windows are anchored
// to the subscription's start, so every node computes the same boundaries from the row alone.
import { PLAN_PERIOD_SECONDS, PLAN_PERIODS, type PlanPeriod } from '@switchyard/contracts';

/** The subscription row's column prefix of each period (`w5h_quota`, `wday_used`, …). */
export const PERIOD_PREFIX: Record<PlanPeriod, 'w5h' | 'wday' | 'wweek' | 'wmonth'> = {
  '5h': 'w5h',
  day: 'wday',
  week: 'wweek',
  month: 'wmonth',
};

/** The start (unix seconds) of the period's window that holds `at`. */
export function windowStart(startsAt: number, at: number, period: PlanPeriod): number {
  const length = PLAN_PERIOD_SECONDS[period];
  const elapsed = Math.max(0, at - startsAt);
  return startsAt + Math.floor(elapsed / length) * length;
}

/** Every period's window start at `at`, in PLAN_PERIODS order. */
export const windowStarts = (startsAt: number, at: number): number[] =>
  PLAN_PERIODS.map((period) => windowStart(startsAt, at, period));

/** One window's columns as read from a subscription row. */
export interface WindowState {
  period: PlanPeriod;
  quota: number;
  start: number;
  used: number;
  reserved: number;
}

export type WindowColumns = Record<
  `${(typeof PERIOD_PREFIX)[PlanPeriod]}_${'quota' | 'start' | 'used' | 'reserved'}`,
  number
>;

/** The windows a subscription has (quota above 0), read from its row. */
export function windowsOf(row: WindowColumns): WindowState[] {
  const windows: WindowState[] = [];
  for (const period of PLAN_PERIODS) {
    const prefix = PERIOD_PREFIX[period];
    const quota = Number(row[`${prefix}_quota`]);
    if (quota <= 0) continue;
    windows.push({
      period,
      quota,
      start: Number(row[`${prefix}_start`]),
      used: Number(row[`${prefix}_used`]),
      reserved: Number(row[`${prefix}_reserved`]),
    });
  }
  return windows;
}

/** What a window holds at `at` (a window that began before the current one holds nothing). */
export function windowUse(
  window: WindowState,
  startsAt: number,
  at: number,
): { used: number; reserved: number; resetsAt: number } {
  const current = windowStart(startsAt, at, window.period);
  const resetsAt = current + PLAN_PERIOD_SECONDS[window.period];
  if (window.start < current) return { used: 0, reserved: 0, resetsAt };
  return { used: window.used, reserved: window.reserved, resetsAt };
}

/** The first window `amount` does not fit in at `at`, with when it starts over; null if all fit. */
export function fullWindow(
  row: WindowColumns & { starts_at: number },
  amount: number,
  at: number,
): { period: PlanPeriod; resetsAt: number } | null {
  const startsAt = Number(row.starts_at);
  for (const window of windowsOf(row)) {
    const use = windowUse(window, startsAt, at);
    if (use.used + use.reserved + amount > window.quota) {
      return { period: window.period, resetsAt: use.resetsAt };
    }
  }
  return null;
}
