// The current options (GET /api/option/) as the settings forms read them.
import type { OptionEntry } from '@switchyard/contracts';
import type { OptionKey } from '@switchyard/contracts/options';
import { useQuery } from '@tanstack/react-query';
import { getOptions } from './options.api';

export const OPTIONS_QUERY_KEY = ['settings', 'options'] as const;

export interface OptionsState {
  /** Stored values; a secret's is always '' (the server never sends it). */
  values: Partial<Record<OptionKey, string>>;
  /** Secrets that hold a value. */
  secretSet: Partial<Record<OptionKey, boolean>>;
}

export function toOptionsState(entries: readonly OptionEntry[]): OptionsState {
  const state: OptionsState = { values: {}, secretSet: {} };
  for (const entry of entries) {
    const key = entry.key as OptionKey;
    state.values[key] = entry.value;
    if (entry.secret) state.secretSet[key] = entry.set === true;
  }
  return state;
}

export function useOptions() {
  return useQuery({
    queryKey: OPTIONS_QUERY_KEY,
    queryFn: getOptions,
    select: toOptionsState,
    staleTime: 0,
  });
}
