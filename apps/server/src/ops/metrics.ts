// The Prometheus metrics of one server instance, in a registry of its own (prom-client).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from fast cached replies to long generations. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const FLUSH_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export type Metrics = ReturnType<typeof createMetrics>;

/** Where the gauges read on scrape get their values (each read only when present). */
export interface ScrapeSources {
  /** Channels per status label. */
  channelCounts?: () => Promise<Record<string, number>>;
  settlementDepth?: () => number;
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** 1 up, 0 down; absent without Redis. */
  redisUp?: () => number;
  /** Operations served locally during Redis outages, by operation, since start. */
  redisFallbacks?: () => ReadonlyMap<string, number>;
}

/** Defines every metric; the scrape-time ones read `sources` (which may be filled in later). */
export function createMetrics(sources: ScrapeSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'switchyard_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'switchyard_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    relayRequests: new Counter({
      name: 'switchyard_relay_requests_total',
      help: 'Relayed model requests by model, channel, dialect and outcome',
      labelNames: ['model', 'channel', 'dialect', 'outcome'] as const,
      registers,
    }),
    relayDuration: new Histogram({
      name: 'switchyard_relay_request_duration_seconds',
      help: 'Whole relayed request, admission to last byte, by model and dialect',
      labelNames: ['model', 'dialect', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    relayTtft: new Histogram({
      name: 'switchyard_relay_time_to_first_token_seconds',
      help: 'From the request to the first byte sent to the client, by model and channel',
      labelNames: ['model', 'channel'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'switchyard_upstream_duration_seconds',
      help: 'The upstream call, request sent to reply complete, by channel and model',
      labelNames: ['channel', 'model'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    tokens: new Counter({
      name: 'switchyard_relay_tokens_total',
      help: 'Tokens billed by model, channel and kind (prompt, completion, cached)',
      labelNames: ['model', 'channel', 'kind'] as const,
      registers,
    }),
    quotaCharged: new Counter({
      name: 'switchyard_relay_quota_charged_total',
      help: 'Quota charged for relayed requests (500000 = 1 USD), by model and channel',
      labelNames: ['model', 'channel'] as const,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'switchyard_upstream_errors_total',
      help: 'Failed upstream calls by channel and status (0 = not reached)',
      labelNames: ['channel', 'status'] as const,
      registers,
    }),
    autoDisables: new Counter({
      name: 'switchyard_channel_auto_disables_total',
      help: 'Channels disabled automatically after failures, by channel',
      labelNames: ['channel'] as const,
      registers,
    }),
    channels: new Gauge({
      name: 'switchyard_channels',
      help: 'Channels by status (enabled, manually_disabled, auto_disabled), read on scrape',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        const counts = (await sources.channelCounts?.()) ?? {};
        for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
      },
    }),
    settlementQueueDepth: new Gauge({
      name: 'switchyard_settlement_queue_depth',
      help: 'Settlements waiting to be written',
      registers,
      collect() {
        this.set(sources.settlementDepth?.() ?? 0);
      },
    }),
    settlementFlush: new Histogram({
      name: 'switchyard_settlement_flush_duration_seconds',
      help: 'Time to write one batch of settlements',
      buckets: FLUSH_BUCKETS,
      registers,
    }),
    settlementBatch: new Counter({
      name: 'switchyard_settlements_written_total',
      help: 'Settlements written by the settlement queue',
      registers,
    }),
    dbPool: new Gauge({
      name: 'switchyard_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting); PostgreSQL and MySQL',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = sources.poolStats?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    }),
    redisUp: new Gauge({
      name: 'switchyard_redis_up',
      help: '1 while Redis answers, 0 during an outage (absent without REDIS_URL)',
      registers,
      collect() {
        const up = sources.redisUp?.();
        if (up !== undefined) this.set(up);
      },
    }),
    redisFallbacks: new Counter({
      name: 'switchyard_redis_fallbacks_total',
      help: 'Operations served locally because Redis was unavailable, by operation',
      labelNames: ['operation'] as const,
      registers,
      // The store counts its fallbacks (it has no registry); the counter mirrors that count.
      collect() {
        const counts = sources.redisFallbacks?.();
        if (!counts) return;
        this.reset();
        for (const [operation, count] of counts) this.inc({ operation }, count);
      },
    }),
  };
}
