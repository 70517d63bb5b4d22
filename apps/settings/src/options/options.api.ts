// The option endpoints (super admin) and the log cleanup the logging section offers.
import { apiDelete, apiGet, apiPost, apiPut } from '@switchyard/console-kit';
import type { OptionEntry } from '@switchyard/contracts';
import type { OptionKey } from '@switchyard/contracts/options';

export const getOptions = (): Promise<OptionEntry[]> => apiGet<OptionEntry[]>('/api/option/');

export const updateOption = (key: OptionKey, value: string): Promise<void> =>
  apiPut<void>('/api/option/', { body: { key, value } });

export const resetModelRatio = (): Promise<void> => apiPost<void>('/api/option/rest_model_ratio');

/** Deletes the logs written before the moment (unix seconds); resolves to how many were removed. */
export const cleanLogsBefore = (targetTimestamp: number): Promise<number> =>
  apiDelete<number>('/api/log/', { params: { target_timestamp: targetTimestamp } });
