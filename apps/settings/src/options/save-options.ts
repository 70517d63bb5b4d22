// Saves changed options one PUT each, in order, and reports which were refused and why.
import { isApiError } from '@switchyard/console-kit';
import type { OptionKey } from '@switchyard/contracts/options';
import { updateOption } from './options.api';

export interface SaveFailure {
  key: OptionKey;
  message: string;
}

export interface SaveReport {
  saved: OptionKey[];
  failed: SaveFailure[];
}

/**
 * A refusal (success:false) is recorded and the next option is still saved; any other failure
 * (401, 500, no network) stops the run and is rethrown for the console's central handling.
 */
export async function saveOptions(changes: readonly [OptionKey, string][]): Promise<SaveReport> {
  const report: SaveReport = { saved: [], failed: [] };
  for (const [key, value] of changes) {
    try {
      await updateOption(key, value);
      report.saved.push(key);
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'refused') throw error;
      report.failed.push({ key, message: error.message });
    }
  }
  return report;
}
