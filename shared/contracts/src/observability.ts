// Replies of the log, dashboard-data and task-list endpoints (spec §3 Log entry, Drawing task, Async task).

/** One page of a server-side paged list; `page` starts at 1. */
export interface PagedList<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Parsed shape of a log's `other` JSON (consume logs); every field may be absent. */
export interface LogOther {
  /** First-token time in ms for streams; -1000 or absent when not streamed. */
  frt?: number;
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  group_ratio?: number;
  /** Cached input read, its ratio to the input price (present when the upstream reported it). */
  cached_tokens?: number;
  cache_ratio?: number;
  /** Cached ÷ prompt tokens, when the upstream reported cache reads or writes (0 to 1). */
  cache_hit_ratio?: number;
  /** Input written to the prompt cache (5-minute and 1-hour together), the 5-minute ratio. */
  cache_write_tokens?: number;
  cache_creation_ratio?: number;
  /** Of cache_write_tokens, those written with the 1-hour TTL, and their ratio. */
  cache_write_1h_tokens?: number;
  cache_creation_1h_ratio?: number;
  /** Of the completion tokens, those spent on reasoning (billed as completion). */
  reasoning_tokens?: number;
  /** Admin only: the channels tried, in retry order. */
  admin_info?: { use_channel?: string[] };
}

/** A log entry as the owner sees it: no channel and no admin_info in `other`. */
export interface SelfLogEntry {
  id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  /** Which source paid: `wallet`, `plan:<subscription id>` or `org:<org id>`. */
  funding: string;
  /** JSON text of LogOther. */
  other: string;
}

/** A log entry as an admin sees it. */
export interface LogEntry extends SelfLogEntry {
  channel: number;
  user_id: number;
}

/** Totals over the consumption logs matching a filter; rpm = rows, tpm = tokens. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** One dashboard bucket: consumption of one model in one hour (per user, or all users). */
export interface UsageBucket {
  model_name: string;
  username: string;
  /** Start of the hour, unix seconds. */
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

/**
 * One token's prompt-cache reads in one hour (issue 28): cached ÷ prompt tokens is its cache-hit
 * rate. Only the range's top tokens by prompt tokens are answered.
 */
export interface TokenCacheBucket {
  token_id: number;
  token_name: string;
  /** The token's owner (admins read every user's tokens). */
  username: string;
  /** Start of the hour, unix seconds. */
  created_at: number;
  prompt_tokens: number;
  cached_tokens: number;
}

/** How many tokens the cache-hit chart shows at most, and by default. */
export const TOKEN_CACHE_TOP_MAX = 20;
export const TOKEN_CACHE_TOP_DEFAULT = 5;

/** GET /api/data/ and /api/data/self: the buckets, and how fresh they are. */
export interface UsageDataReply {
  success: boolean;
  message: string;
  data: UsageBucket[];
  /** Every consume log created before this (unix seconds) is folded into the buckets; 0: never. */
  folded_at: number;
}

export const DrawingSubmitCode = {
  notSubmitted: 0,
  submitted: 1,
  waiting: 21,
  duplicate: 22,
} as const;
export const DRAWING_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'IN_PROGRESS',
  'SUCCESS',
  'FAILURE',
  'MODAL',
] as const;
export const ASYNC_TASK_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'IN_PROGRESS',
  'QUEUED',
  'SUCCESS',
  'FAILURE',
  'UNKNOWN',
] as const;

/** What drawing and async tasks share; channel_id is present for admins only. */
interface TaskBase {
  id: number;
  created_at: number;
  submit_time: number;
  start_time: number;
  finish_time: number;
  channel_id?: number;
  action: string;
  status: string;
  progress: string;
  fail_reason: string;
}

/** A drawing task; times are unix milliseconds. */
export interface DrawingTask extends TaskBase {
  mj_id: string;
  code: number;
  image_url: string;
  prompt: string;
  prompt_en: string;
  description: string;
}

/** An async (music) task; times are unix seconds. */
export interface AsyncTask extends TaskBase {
  platform: string;
  task_id: string;
  /** JSON text of the upstream result. */
  data: string;
}

/** Seconds in the widest dashboard range the server serves (31 days: the week view spans 30 days + 1 hour). */
export const USAGE_DATA_MAX_SPAN = 31 * 24 * 3600;
export const LOG_PAGE_SIZE_MAX = 100;
