// Quota rendering rules of spec §1 and §9, as pure functions.
import { QUOTA_PER_DOLLAR } from './domain';

export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

export const DEFAULT_QUOTA_DISPLAY: QuotaDisplay = {
  displayInCurrency: true,
  quotaPerUnit: QUOTA_PER_DOLLAR,
};

/** Amounts at or below this are shown in full; larger ones are abbreviated (spec §9). */
export const ABBREVIATE_ABOVE = 100_000;

const trimFixed = (value: number, digits: number): string => value.toFixed(digits);

/** Abbreviates a count with k, M or B; small values are shown as they are. */
export function renderNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trimFixed(value / 1e9, 1)}B`;
  if (abs >= 1e6) return `${trimFixed(value / 1e6, 1)}M`;
  if (abs > ABBREVIATE_ABOVE) return `${trimFixed(value / 1e3, 1)}k`;
  return String(value);
}

/** Shows quota as dollars (`$1.23`) when currency display is on, else abbreviated units. */
export function renderQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (display.displayInCurrency) {
    const perUnit = display.quotaPerUnit > 0 ? display.quotaPerUnit : QUOTA_PER_DOLLAR;
    return `$${(quota / perUnit).toFixed(digits)}`;
  }
  return renderNumber(quota);
}

/** Converts dollars to quota units, rounding to a whole unit. */
export function dollarsToQuota(dollars: number, quotaPerUnit = QUOTA_PER_DOLLAR): number {
  return Math.round(dollars * quotaPerUnit);
}
