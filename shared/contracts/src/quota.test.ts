import { describe, expect, it } from 'vitest';
import { dollarsToQuota, renderNumber, renderQuota } from './quota';

const currency = { displayInCurrency: true, quotaPerUnit: 500_000 };
const units = { displayInCurrency: false, quotaPerUnit: 500_000 };

describe('renderQuota', () => {
  it('shows dollars with two decimals when currency display is on', () => {
    expect(renderQuota(500_000, currency)).toBe('$1.00');
    expect(renderQuota(100_000_000, currency)).toBe('$200.00');
    expect(renderQuota(1, currency)).toBe('$0.00');
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
