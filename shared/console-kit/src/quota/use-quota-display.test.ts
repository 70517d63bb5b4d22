import type { PublicStatus } from '@switchyard/contracts';
import { act, renderHook } from '@testing-library/react';
import { loadSessionData, useSessionStore } from '../store/session-store';
import { useQuotaDisplay } from './use-quota-display';

describe('useQuotaDisplay', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ ...loadSessionData(), status: null });
  });

  it('shows dollars by default (500000 quota = $1)', () => {
    const { result } = renderHook(() => useQuotaDisplay());
    expect(result.current.renderQuota(1_250_000)).toBe('$2.50');
  });

  it('follows the status: abbreviated units when currency display is off', () => {
    const { result } = renderHook(() => useQuotaDisplay());
    act(() => {
      useSessionStore
        .getState()
        .setStatus({ display_in_currency: false, quota_per_unit: 500_000 } as PublicStatus);
    });
    expect(result.current.renderQuota(2_500_000)).toBe('2.5M');
    expect(result.current.display.displayInCurrency).toBe(false);
  });
});
