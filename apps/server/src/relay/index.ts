// Wires the relay into the app: /v1 endpoints and the channel-test admin routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { translate } from '../i18n';
import type { Clock } from '../lib/clock';
import type { OptionsStore } from '../modules/options/options.store';
import { PricingRules } from '../modules/pricing/pricing-rules';
import { Billing, type QuotaLowListener } from './billing';
import { ChannelHealth } from './channel-health';
import { ChannelTester } from './channel-test';
import { registerChannelTestRoutes } from './channel-test.routes';
import { registerRelayRoutes } from './relay.routes';
import { RelayService } from './relay.service';
import type { Random } from './selection';

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
}

export interface RelayModule {
  relay: RelayService;
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
  );
  // Requests answered before shutdown get their settlements written before the database closes.
  app.addHook('onClose', () => billing.flush());
  const health = new ChannelHealth(db, options, now);
  const relay = new RelayService({ db, options, billing, health, now, random: deps.random });
  const tester = new ChannelTester({
    db,
    billing,
    health,
    now,
    logContent: translate('zh', 'relay.logTest'),
  });
  registerRelayRoutes(app, { relay, db, options, now });
  registerChannelTestRoutes(app, tester);
  return { relay, billing, health, tester };
}
