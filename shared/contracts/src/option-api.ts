// Requests and replies of the option endpoints (GET and PUT /api/option/, super admin only).
import { z } from 'zod';

/** One entry of GET /api/option/. Secret options carry no value, only whether one is set. */
export const optionEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  secret: z.literal(true).optional(),
  set: z.boolean().optional(),
});
export type OptionEntry = z.infer<typeof optionEntrySchema>;

/** PUT /api/option/: values travel as strings; numbers and booleans are accepted and stringified. */
export const updateOptionRequestSchema = z.object({
  key: z.string().min(1).max(64),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});
export type UpdateOptionRequest = z.input<typeof updateOptionRequestSchema>;
