// Query schema of GET /api/status/models.
import { z } from 'zod';
import { STATUS_WINDOWS } from './status-page';

export const statusModelsQuerySchema = z.object({
  window: z.enum(STATUS_WINDOWS).default('24h'),
});
