// Calls of Home's getting-started card: how many keys and consume logs the user has (one row each).
import { createEndpointApi } from '@switchyard/console-kit';
import { LogType } from '@switchyard/contracts';
import { logEndpoints } from '@switchyard/contracts/endpoints';
import { listTokens } from '../tokens/tokens.api';

export { createToken, listTokens } from '../tokens/tokens.api';

const logsApi = createEndpointApi(logEndpoints);

export const countTokens = async (): Promise<number> => (await listTokens(1, 1)).total;

/** Consume logs are the proof of a first call that went through (and was billed). */
export const countConsumeLogs = async (): Promise<number> =>
  (await logsApi.self({ query: { p: 1, page_size: 1, type: LogType.consume } })).total;
