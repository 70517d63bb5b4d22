// Calls of Home's getting-started card: how many keys and consume logs the user has (one row each).
import { apiGet } from '@switchyard/console-kit';
import { LogType, type PagedList } from '@switchyard/contracts';
import { listTokens } from '../tokens/tokens.api';

export { createToken, listTokens } from '../tokens/tokens.api';

export const countTokens = async (): Promise<number> => (await listTokens(1, 1)).total;

/** Consume logs are the proof of a first call that went through (and was billed). */
export const countConsumeLogs = async (): Promise<number> =>
  (
    await apiGet<PagedList<unknown>>('/api/log/self', {
      params: { p: 1, page_size: 1, type: LogType.consume },
    })
  ).total;
