// The public status page (issue 17): GET /api/status/models?window=1h|24h|7d.
export const STATUS_WINDOWS = ['1h', '24h', '7d'] as const;
export type StatusWindow = (typeof STATUS_WINDOWS)[number];

/** One interval of a window: its start (unix seconds) and how it went (null: no requests). */
export interface StatusBucket {
  start: number;
  requests: number;
  success_rate: number | null;
}

export interface StatusFigures {
  requests: number;
  /** Successes / requests, 0…1; null without requests. */
  success_rate: number | null;
  /** Median latency and time to first token (streams) in ms; null without samples. */
  p50_ms: number | null;
  ttft_p50_ms: number | null;
  buckets: StatusBucket[];
}

/** Admins only: one channel's share of a model. */
export interface StatusChannelRow extends StatusFigures {
  channel_id: number;
  channel_name: string;
}

export interface StatusModelRow extends StatusFigures {
  model_name: string;
  channels?: StatusChannelRow[];
}

export interface StatusModelsReply {
  window: StatusWindow;
  /** Length of one bucket in seconds. */
  interval_seconds: number;
  generated_at: number;
  models: StatusModelRow[];
}

/** Each window's span and bucket length (seconds). */
export const STATUS_WINDOW_SHAPES: Record<StatusWindow, { span: number; interval: number }> = {
  '1h': { span: 3600, interval: 60 },
  '24h': { span: 86_400, interval: 900 },
  '7d': { span: 7 * 86_400, interval: 7200 },
};
