// Query schemas of the log, dashboard-data and task-list endpoints (query strings arrive as text).
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LogType, USERNAME_MAX } from './domain';
import { LOG_PAGE_SIZE_MAX, TOKEN_CACHE_TOP_DEFAULT, TOKEN_CACHE_TOP_MAX } from './observability';
import { pageNumber } from './paging';

const timestamp = z.coerce.number().int().min(0).max(1e11);
const name = (max: number) => z.string().trim().max(max).optional();
const paging = {
  p: pageNumber(1),
  page_size: z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).default(DEFAULT_PAGE_SIZE),
};

const logFilter = {
  type: z.coerce.number().int().min(LogType.unknown).max(LogType.system).default(0),
  token_name: name(255),
  model_name: name(255),
  /** Which source paid: `wallet`, `plan` (any subscription) or `plan:<subscription id>`. */
  funding: z
    .string()
    .trim()
    .regex(/^(wallet|plan|plan:[1-9][0-9]{0,15}|org:[1-9][0-9]{0,15})$/)
    .optional(),
  start_timestamp: timestamp.optional(),
  end_timestamp: timestamp.optional(),
};
const adminLogFilter = {
  ...logFilter,
  username: name(USERNAME_MAX),
  channel: z.coerce.number().int().min(0).optional(),
};

export const selfLogStatQuerySchema = z.object(logFilter);
export const logStatQuerySchema = z.object(adminLogFilter);
export const selfLogListQuerySchema = z.object({ ...logFilter, ...paging });
export const logListQuerySchema = z.object({ ...adminLogFilter, ...paging });
export type SelfLogStatQuery = z.infer<typeof selfLogStatQuerySchema>;
export type LogStatQuery = z.infer<typeof logStatQuerySchema>;
export type LogListQuery = z.infer<typeof logListQuerySchema>;

export const logCleanupQuerySchema = z.object({ target_timestamp: timestamp });

export const usageDataQuerySchema = z.object({
  start_timestamp: timestamp,
  end_timestamp: timestamp,
  username: name(USERNAME_MAX),
});
export type UsageDataQuery = z.infer<typeof usageDataQuerySchema>;

/** The per-token cache-hit chart's range and how many tokens (the most prompt tokens first). */
export const tokenCacheQuerySchema = z.object({
  start_timestamp: timestamp,
  end_timestamp: timestamp,
  top: z.coerce.number().int().min(1).max(TOKEN_CACHE_TOP_MAX).default(TOKEN_CACHE_TOP_DEFAULT),
});
export type TokenCacheQuery = z.infer<typeof tokenCacheQuerySchema>;

/** A task list query: paging, channel (admins), the task's own id and a submit-time range. */
const taskQuery = <K extends string>(idField: K, max: number) =>
  z
    .object({
      ...paging,
      channel_id: z.coerce.number().int().min(0).optional(),
      start_timestamp: timestamp.optional(),
      end_timestamp: timestamp.optional(),
    })
    .extend({ [idField]: name(max) } as Record<K, ReturnType<typeof name>>);

export const drawingTaskQuerySchema = taskQuery('mj_id', 191);
export type DrawingTaskQuery = z.infer<typeof drawingTaskQuerySchema>;
export const asyncTaskQuerySchema = taskQuery('task_id', 50);
export type AsyncTaskQuery = z.infer<typeof asyncTaskQuerySchema>;
