// The status page's call: the status table's `models` (public; admins also get per-channel rows).
import { createEndpointApi } from '@switchyard/console-kit';
import type { StatusModelsReply, StatusWindow } from '@switchyard/contracts';
import { statusEndpoints } from '@switchyard/contracts/endpoints';

const statusApi = createEndpointApi(statusEndpoints);

export const fetchStatusModels = (window: StatusWindow): Promise<StatusModelsReply> =>
  statusApi.models({ query: { window } });
