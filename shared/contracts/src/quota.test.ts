import { describe, expect, it } from 'vitest';
import { dollarsToQuota, formatMoney, renderNumber, renderQuota } from './quota';

const currency = { displayInCurrency: true, quotaPerUnit: 500_000 };
const units = { displayInCurrency: false, quotaPerUnit: 500_000 };

describe('renderQuota', () => {
  it('shows dollars with two decimals when currency display is on', () => {
    expect(renderQuota(500_000, currency)).toBe('$1.00');
    expect(renderQuota(100_000_000, currency)).toBe('$200.00');
    expect(renderQuota(1, currency)).toBe('$0.000002');
    expect(renderQuota(49, currency)).toBe('$0.000098');
    expect(renderQuota(0, currency)).toBe('$0.00');
    expect(renderQuota(1234, currency, 4)).toBe('$0.0025');
  });

  it('honours a custom quota per unit', () => {
    expect(renderQuota(1000, { displayInCurrency: true, quotaPerUnit: 1000 })).toBe('$1.00');
  });

  it('abbreviates units with k, M and B when currency display is off', () => {
    expect(renderQuota(999, units)).toBe('999');
    expect(renderQuota(100_000, units)).toBe('100000');
    expect(renderQuota(100_001, units)).toBe('100.0k');
    expect(renderQuota(2_500_000, units)).toBe('2.5M');
    expect(renderQuota(100_000_000, units)).toBe('100.0M');
    expect(renderQuota(3_210_000_000, units)).toBe('3.2B');
  });
});

describe('formatMoney', () => {
  // Spec §1: two decimals from one cent up; under a cent, two significant digits, never $0.00.
  it.each([
    [0, '$0.00'],
    [1, '$1.00'],
    [0.01, '$0.01'],
    [0.015, '$0.01'],
    [0.016, '$0.02'],
    [1.005, '$1.00'],
    [12.345, '$12.35'],
    [200, '$200.00'],
    [1234567.891, '$1234567.89'],
    [0.000098, '$0.000098'],
    [0.0000987, '$0.000099'],
    [0.009, '$0.009'],
    [0.00999, '$0.01'],
    [0.0012345, '$0.0012'],
    [0.000002, '$0.000002'],
    [1e-9, '$0.000000001'],
    [-0.000098, '$-0.000098'],
    [-2.5, '$-2.50'],
  ])('%s → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('keeps the asked decimals from one cent up and takes another currency symbol', () => {
    expect(formatMoney(1.23456, 4)).toBe('$1.2346');
    expect(formatMoney(0.00042, 4, '¥')).toBe('¥0.00042');
  });
});

describe('renderNumber', () => {
  it('keeps the sign of negative amounts', () => {
    expect(renderNumber(-2_000_000)).toBe('-2.0M');
    expect(renderNumber(-5)).toBe('-5');
  });
});

describe('dollarsToQuota', () => {
  it('turns dollars into whole quota units', () => {
    expect(dollarsToQuota(1)).toBe(500_000);
    expect(dollarsToQuota(0.000001)).toBe(1);
  });
});
