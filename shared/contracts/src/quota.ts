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

/** Significant digits kept for an amount under one cent. */
const SUB_CENT_SIGNIFICANT = 2;

/**
 * Money as people can read it: `digits` decimals (2 by spec §1) from one cent up, and under one
 * cent the first two significant digits (`$0.000098`), so a non-zero cost never reads `$0.00`.
 */
export function formatMoney(amount: number, digits = 2, symbol = '$'): string {
  const abs = Math.abs(amount);
  if (abs === 0 || abs >= 0.01 || !Number.isFinite(abs))
    return `${symbol}${amount.toFixed(digits)}`;
  // Decimals that reach the second significant digit; toFixed (unlike toPrecision) never
  // switches to exponent notation, and trailing zeros carry nothing (0.0000020 → 0.000002).
  const decimals = SUB_CENT_SIGNIFICANT - Math.floor(Math.log10(abs)) - 1;
  const text = amount.toFixed(decimals).replace(/0+$/, '');
  return `${symbol}${text}`;
}

/** Shows quota as dollars (`$1.23`) when currency display is on, else abbreviated units. */
export function renderQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (display.displayInCurrency) {
    const perUnit = display.quotaPerUnit > 0 ? display.quotaPerUnit : QUOTA_PER_DOLLAR;
    return formatMoney(quota / perUnit, digits);
  }
  return renderNumber(quota);
}

/** Converts dollars to quota units, rounding to a whole unit. */
export function dollarsToQuota(dollars: number, quotaPerUnit = QUOTA_PER_DOLLAR): number {
  return Math.round(dollars * quotaPerUnit);
}
