// The status page's call: GET /api/status/models (public; admins also get per-channel rows).
import { apiGet } from '@switchyard/console-kit';
import type { StatusModelsReply, StatusWindow } from '@switchyard/contracts';

export const fetchStatusModels = (window: StatusWindow): Promise<StatusModelsReply> =>
  apiGet('/api/status/models', { params: { window } });
