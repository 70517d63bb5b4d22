// Wires the relay into the app: /v1 endpoints and the channel-test admin routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { logContent } from '../i18n/log-content';
import { Billing, type QuotaLowListener } from '../ledger/billing';
import type { Clock } from '../lib/clock';
import type { RedisClient } from '../lib/redis';
import { ChannelHealth } from '../modules/channels/channel-health';
import { ChannelRetester } from '../modules/channels/channel-retest';
import { ChannelTester } from '../modules/channels/channel-test';
import { registerChannelTestRoutes } from '../modules/channels/channel-test.routes';
import type { OptionsStore } from '../modules/options/options.store';
import { PricingRules } from '../modules/pricing/pricing-rules';
import { LocalAffinityStore, RedisAffinityStore } from './affinity/affinity-store';
import { ChannelAffinity } from './affinity/channel-affinity';
import { registerRelayRoutes } from './http/relay.routes';
import { BytesInFlight } from './http/relay-gate';
import { RelayService } from './pipeline/relay.service';
import type { ReportSinks } from './pipeline/relay-report';
import type { Random } from './pipeline/selection';

/** The configuration's defaults, for apps built without it (tests of the relay alone). */
const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;
const DEFAULT_BYTES_IN_FLIGHT = 256 * 1024 * 1024;

export interface RelayModuleDeps {
  db: Db;
  options: OptionsStore;
  clock: Clock;
  random?: Random;
  /**
   * Told when a request takes a user's quota below QuotaRemindThreshold (for the low-quota
   * email, which the mail module sends; nothing is sent without it).
   */
  onQuotaLow?: QuotaLowListener;
  /** How long settlements wait to be written together (default SETTLE_DELAY_MS). */
  settleDelayMs?: number;
  /** The journal lease (RELAY_LEASE_MS, default 30 s). */
  leaseMs?: number;
  /** First wait before an auto-disabled channel is tested again (CHANNEL_RETEST_SECONDS). */
  retestSeconds?: number;
  /** RELAY_BODY_LIMIT and RELAY_BODY_BYTES_IN_FLIGHT (defaults: 8 MiB, 256 MiB). */
  body?: { limit: number; bytesInFlight: number };
  /**
   * Token and group limits (`app.limits`), the status page's outcomes (`app.outcomes`) and the
   * ops observer (metrics, traces); the relay runs without any of them.
   */
  sinks?: ReportSinks;
  /**
   * Shares prompt-cache affinity and provider credentials (Baidu, Zhipu) between the nodes (each
   * node keeps its own without it).
   */
  redis?: { client: RedisClient; prefix: string };
}

export interface RelayModule {
  relay: RelayService;
  /** Request bytes being received by the relay's routes (the task relays count theirs too). */
  inFlight: BytesInFlight;
  billing: Billing;
  health: ChannelHealth;
  tester: ChannelTester;
}

/** Builds the relay's services and registers its routes. */
export function registerRelay(app: FastifyInstance, deps: RelayModuleDeps): RelayModule {
  const { db, options } = deps;
  const now = () => deps.clock.now();
  const billing = new Billing(
    db,
    new PricingRules(options),
    now,
    () => options.getInt('QuotaRemindThreshold'),
    deps.onQuotaLow,
    deps.settleDelayMs,
    {
      leaseMs: deps.leaseMs,
      reconciledContent: logContent('relay.logReconciled'),
      logEnabled: () => options.getBool('LogConsumeEnabled'),
      warn: (message) => app.log.warn(message),
      timeZone: () => options.get('QuotaWindowTimezone'),
    },
  );
  // Before serving: settle what this node id left behind when it last stopped (crashed), then
  // keep the lease and reconcile the reservations of nodes whose lease ran out.
  app.addHook('onReady', async () => {
    await billing.keeper.recoverOwn().catch((error: unknown) => {
      app.log.warn({ err: error }, 'reconciliation at start failed; retried on the next round');
    });
    billing.keeper.start();
  });
  // Requests answered before shutdown get their settlements written before the database closes.
  app.addHook('onClose', async () => {
    await billing.keeper.stop();
    await billing.flush();
    // Most answered-but-unwritten settlements at once: what a crash could have left to reconcile.
    app.log.info({ settlements: billing.settlements.stats }, 'settlement queue');
  });
  const observer = deps.sinks?.observer;
  if (observer) billing.settlements.observe(observer.recordSettlementFlush);
  const health = new ChannelHealth(db, options, now);
  const credentials = deps.redis
    ? { redis: deps.redis.client, prefix: deps.redis.prefix }
    : undefined;
  const relay = new RelayService({
    db,
    options,
    billing,
    health,
    now,
    random: deps.random,
    sinks: deps.sinks,
    credentials,
    affinity: new ChannelAffinity(
      deps.redis
        ? new RedisAffinityStore(deps.redis.client, deps.redis.prefix)
        : new LocalAffinityStore(),
      options,
    ),
  });
  const tester = new ChannelTester({
    db,
    billing,
    health,
    now,
    logContent: logContent('relay.logTest'),
    credentials,
  });
  const retester = new ChannelRetester({
    db,
    options,
    tester,
    now,
    baseSeconds: deps.retestSeconds ?? 60,
    warn: (error) => app.log.warn({ err: error }, 're-testing auto-disabled channels failed'),
  });
  app.addHook('onReady', async () => retester.start());
  app.addHook('onClose', async () => retester.stop());
  const body = deps.body ?? { limit: DEFAULT_BODY_LIMIT, bytesInFlight: DEFAULT_BYTES_IN_FLIGHT };
  const inFlight = new BytesInFlight(body.bytesInFlight);
  registerRelayRoutes(app, { relay, db, options, now, body: { limit: body.limit, inFlight } });
  registerChannelTestRoutes(app, tester);
  return { relay, billing, health, tester, inFlight };
}
