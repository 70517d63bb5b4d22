// Quota rendering (spec §1) with the display options of the current public status.
import { DEFAULT_QUOTA_DISPLAY, type QuotaDisplay, renderQuota } from '@switchyard/contracts';
import { useMemo } from 'react';
import { useSessionStore } from '../store/session-store';

export interface QuotaDisplayApi {
  display: QuotaDisplay;
  renderQuota: (quota: number, digits?: number) => string;
}

export function useQuotaDisplay(): QuotaDisplayApi {
  const displayInCurrency = useSessionStore((state) => state.status?.display_in_currency);
  const quotaPerUnit = useSessionStore((state) => state.status?.quota_per_unit);
  return useMemo(() => {
    const display: QuotaDisplay = {
      displayInCurrency: displayInCurrency ?? DEFAULT_QUOTA_DISPLAY.displayInCurrency,
      quotaPerUnit: quotaPerUnit ?? DEFAULT_QUOTA_DISPLAY.quotaPerUnit,
    };
    return { display, renderQuota: (quota, digits) => renderQuota(quota, display, digits) };
  }, [displayInCurrency, quotaPerUnit]);
}
