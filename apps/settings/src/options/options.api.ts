// The option endpoints (super admin) and the log cleanup the logging section offers, from the
// options and logs tables.
import { createEndpointApi } from '@switchyard/console-kit';
import type { OptionEntry } from '@switchyard/contracts';
import { logEndpoints, optionEndpoints } from '@switchyard/contracts/endpoints';
import type { OptionKey } from '@switchyard/contracts/options';

const optionsApi = createEndpointApi(optionEndpoints);
const logsApi = createEndpointApi(logEndpoints);

export const getOptions = (): Promise<OptionEntry[]> => optionsApi.list();

export const updateOption = (key: OptionKey, value: string): Promise<void> =>
  optionsApi.update({ body: { key, value } });

export const resetModelRatio = (): Promise<void> => optionsApi.resetModelRatio();

/** Deletes the logs written before the moment (unix seconds); resolves to how many were removed. */
export const cleanLogsBefore = (targetTimestamp: number): Promise<number> =>
  logsApi.cleanup({ query: { target_timestamp: targetTimestamp } });
