// Operations: /metrics (Prometheus), /healthz and /readyz, OpenTelemetry traces, and the state
// graceful shutdown reads. Registered with one call from buildApp.
import { timingSafeEqual } from 'node:crypto';
import { ChannelStatus } from '@switchyard/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { type RedisClient, redisFallbackCounts } from '../lib/redis';
import { registerHttpObservability } from './http-observability';
import { trackHandlers } from './in-flight';
import { LiveStreams } from './live-streams';
import { createMetrics, type Metrics, type ScrapeSources } from './metrics';
import { countChannelsByStatus } from './ops.repository';
import { registerProbes } from './probes';
import { createRelayObserver, type RelayObserver } from './relay-observer';
import { noopTracer, startTracing, type Tracer } from './tracing';

export type { RelayObserver, RelayOutcome, RelayOutcomeRecord } from './relay-observer';

/** What ops reads of the settlement queue. */
export interface SettlementBacklog {
  readonly size: number;
  /** Why settlements cannot be written now (an error code), null while they can. */
  readonly unwritable: string | null;
}

export interface OpsDeps {
  config: Pick<Config, 'metricsToken' | 'otlpEndpoint'>;
  database: Database;
  redis?: RedisClient | undefined;
}

/** What the relay reports through and what shutdown reads. */
export interface Ops {
  metrics: Metrics;
  tracer: Tracer;
  relayObserver: RelayObserver;
  /**
   * The settlement queue (set once the relay is built): its depth is read on scrape, and a queue
   * that cannot write turns /readyz 503.
   */
  watchSettlements(queue: SettlementBacklog): void;
  readonly draining: boolean;
  /**
   * Shutdown has begun: /readyz answers 503 from now on while the listener stays open for the
   * balancer's probes; any other new request is refused 503 (`Connection: close`).
   */
  beginDrain(): void;
  /** Resolves once no handler runs (or after `timeoutMs`); true when none does. */
  idle(timeoutMs: number): Promise<boolean>;
  /** Streams being relayed (shutdown cuts those left when its grace period is over). */
  streams: LiveStreams;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

/**
 * After the listener closed, how long handlers may still take to settle or refund (streams cut
 * at the end of the grace period settle what they delivered). Compose's stop_grace_period
 * leaves SHUTDOWN_GRACE_SECONDS plus this.
 */
const SETTLING_WAIT_MS = 10_000;

const CHANNEL_STATES: [string, number][] = [
  ['enabled', ChannelStatus.enabled],
  ['manually_disabled', ChannelStatus.manuallyDisabled],
  ['auto_disabled', ChannelStatus.autoDisabled],
];

export async function registerOps(app: FastifyInstance, deps: OpsDeps): Promise<Ops> {
  const sources = scrapeSources(deps);
  const metrics = createMetrics(sources);
  const { db } = deps.database;
  // Only an endpoint loads OpenTelemetry at all.
  const tracer = deps.config.otlpEndpoint
    ? await startTracing(deps.config.otlpEndpoint)
    : noopTracer;
  const inFlight = trackHandlers(app);
  // The last onClose hook (registered first): after the listener closed and the settlement queue
  // flushed, handlers still settling (streams cut by the grace period) finish before the database
  // closes; then the spans are exported.
  app.addHook('onClose', async () => {
    if (!(await inFlight.idle(SETTLING_WAIT_MS))) {
      app.log.warn(`${inFlight.count} requests were still running when the server closed`);
    }
    await tracer.shutdown();
  });

  let draining = false;
  let settlements: SettlementBacklog | undefined;
  const ops: Ops = {
    metrics,
    tracer,
    relayObserver: createRelayObserver(metrics, tracer),
    watchSettlements: (queue) => {
      settlements = queue;
      sources.settlementDepth = () => queue.size;
    },
    get draining() {
      return draining;
    },
    beginDrain: () => {
      draining = true;
    },
    idle: (timeoutMs) => inFlight.idle(timeoutMs),
    streams: new LiveStreams(),
  };
  app.decorate('ops', ops);
  refuseWhileDraining(app, () => draining);

  registerHttpObservability(app, metrics, tracer, inFlight);
  registerProbes(app, {
    db,
    redis: deps.redis,
    draining: () => draining,
    unwritable: () => settlements?.unwritable ?? null,
  });
  registerMetricsRoute(app, metrics, deps.config.metricsToken);
  return ops;
}

/** The gauges read when Prometheus scrapes, not kept up to date on every request. */
function scrapeSources(deps: OpsDeps): ScrapeSources {
  const { db } = deps.database;
  const redis = deps.redis;
  return {
    channelCounts: async () => {
      const counts = await countChannelsByStatus(db);
      return Object.fromEntries(
        CHANNEL_STATES.map(([label, status]) => [label, counts.get(status) ?? 0]),
      );
    },
    ...(deps.database.poolStats ? { poolStats: deps.database.poolStats } : {}),
    ...(redis
      ? {
          redisUp: () => (redis.status === 'ready' ? 1 : 0),
          redisFallbacks: () => redisFallbackCounts(redis),
        }
      : {}),
  };
}

function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer');
        return reply.code(401).type('text/plain; charset=utf-8').send('unauthorized\n');
      }
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}

/** The probes, answered during a drain (the balancer must see /readyz turn 503). */
const PROBES = new Set(['/readyz', '/healthz', '/metrics']);

/** A probe or a scrape (query string ignored): an orchestrator's or Prometheus's, not traffic. */
export const isProbe = (url: string): boolean => PROBES.has(url.split('?', 1)[0] ?? '');

/**
 * During a drain the listener stays open for the probes; anything else a balancer still sends is
 * refused at once with a status clients retry elsewhere, and its connection closed.
 */
function refuseWhileDraining(app: FastifyInstance, draining: () => boolean): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining() || isProbe(request.url)) {
      done();
      return;
    }
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({
        error: {
          message: 'The server is shutting down; please retry',
          type: 'server_error',
          param: null,
          code: 'shutting_down',
        },
      });
  });
}
