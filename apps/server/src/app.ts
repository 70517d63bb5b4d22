// Builds the Fastify application from its dependencies (used by main and by the tests).

import fastifyCookie from '@fastify/cookie';
import { isRoot, SESSION_COOKIE } from '@switchyard/contracts';
import { ORG_ACCESS } from '@switchyard/contracts/endpoints';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import type { Identity } from './lib/identity';
import type { RedisClient } from './lib/redis';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { ChannelUpstreamService } from './modules/channels/channel-upstream.service';
import { registerChannelRoutes } from './modules/channels/channels.routes';
import { ChannelsService } from './modules/channels/channels.service';
import { registerDataRoutes } from './modules/data/data.routes';
import { UsageDataService } from './modules/data/data.service';
import { UsageAggregator } from './modules/data/usage-aggregator';
import { registerGroupRoutes } from './modules/groups/groups.routes';
import { GroupsService } from './modules/groups/groups.service';
import { createLimits } from './modules/limits';
import { registerLogRoutes } from './modules/logs/logs.routes';
import { LogsService } from './modules/logs/logs.service';
import { MailService } from './modules/mail/mail.service';
import { registerOAuthRoutes } from './modules/oauth/oauth.routes';
import { OAuthService } from './modules/oauth/oauth.service';
import { OidcClient } from './modules/oauth/oidc.client';
import { registerOidcRoutes } from './modules/oauth/oidc.routes';
import { registerOptionRoutes } from './modules/options/options.routes';
import { OptionsService } from './modules/options/options.service';
import type { OptionsStore } from './modules/options/options.store';
import { OrgInvitationsService } from './modules/orgs/org-invitations.service';
import { OrgWalletService } from './modules/orgs/org-wallet.service';
import { registerOrgRoutes } from './modules/orgs/orgs.routes';
import { OrgsService } from './modules/orgs/orgs.service';
import { registerPasskeyRoutes } from './modules/passkeys/passkeys.routes';
import { PasskeyService } from './modules/passkeys/passkeys.service';
import { registerPlans } from './modules/plans';
import { registerPricingRoutes } from './modules/pricing/pricing.routes';
import { PricingService } from './modules/pricing/pricing.service';
import { PricingRules } from './modules/pricing/pricing-rules';
import { registerRedemptionRoutes } from './modules/redemptions/redemptions.routes';
import { RedemptionsService } from './modules/redemptions/redemptions.service';
import { registerReferenceRoutes } from './modules/reference/reference.routes';
import { registerSessionRoutes } from './modules/sessions/sessions.routes';
import { SessionService } from './modules/sessions/sessions.service';
import { registerTwoFactorRoutes } from './modules/sessions/two-factor.routes';
import { TwoFactorService } from './modules/sessions/two-factor.service';
import { registerStatusPage } from './modules/status';
import { registerStatusRoutes } from './modules/status/status.routes';
import { StatusService } from './modules/status/status.service';
import { registerStripeRoutes } from './modules/stripe/stripe.routes';
import { StripeService } from './modules/stripe/stripe.service';
import { registerTaskRoutes } from './modules/tasks/tasks.routes';
import { TasksService } from './modules/tasks/tasks.service';
import { registerTokenRoutes } from './modules/tokens/tokens.routes';
import { TokensService } from './modules/tokens/tokens.service';
import { registerTopUpRoutes } from './modules/topup/topup.routes';
import { TopUpService } from './modules/topup/topup.service';
import { AccountService } from './modules/users/account.service';
import { UsersAdminService } from './modules/users/admin.service';
import { registerEmailRoutes } from './modules/users/email.routes';
import { EmailFlowsService } from './modules/users/email-flows.service';
import { RegistrationService } from './modules/users/register.service';
import { SelfService } from './modules/users/self.service';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerUserAdminRoutes } from './modules/users/users-admin.routes';
import { TurnstileService } from './modules/verification/turnstile.service';
import { VerificationService } from './modules/verification/verification.service';
import { registerOps } from './ops';
import { registerAuth } from './plugins/auth';
import { trustFunction } from './plugins/client-address';
import { registerConnectionLimits, serverTimeouts } from './plugins/connection-limits';
import { registerConsole } from './plugins/console';
import { registerCsrf } from './plugins/csrf';
import {
  handleFrameworkError,
  registerErrorHandling,
  registerSecurityHeaders,
} from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerJsonParser } from './plugins/json-body';
import { registerRateLimit } from './plugins/rate-limit';
import { MemoryRateLimitStore, RedisRateLimitStore } from './plugins/rate-limit-store';
import { originOf, registerSecurityPolicy } from './plugins/security-headers';
import { registerRelay } from './relay';
import { registerTaskRelays } from './tasks-relay';

export interface AppDeps {
  config: Config;
  database: Database;
  options: OptionsStore;
  sessionSecret: string;
  redis?: RedisClient | undefined;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, options } = deps;
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: trustFunction(config.trustProxy),
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
    // One access line per request (below) instead of Fastify's two, without the query string
    // (OAuth codes, reset tokens and payment signatures travel there).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?', 1)[0],
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request done',
    );
    done();
  });
  registerConnectionLimits(app, config);
  const ops = await registerOps(app, { config, database: deps.database, redis: deps.redis });
  // JSON only: any other body type is a 415, not a string handed to a handler.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  await app.register(fastifyCookie);

  registerSecurityHeaders(app);
  registerSecurityPolicy(app, {
    remotesFile: config.remotesFile,
    overrideOrigins: config.remoteOverrideOrigins,
    formTargets: () => originOf(options.getString('PayAddress')),
  });
  registerRateLimit(app, {
    store: deps.redis
      ? new RedisRateLimitStore(deps.redis, config.redisPrefix)
      : new MemoryRateLimitStore(),
    global: config.globalRateLimit,
    critical: config.criticalRateLimit,
  });
  const sessions = new SessionService(db, deps.sessionSecret, config.sessionMaxAgeSeconds, clock);
  const twoFactor = new TwoFactorService({ db, clock, options, secret: deps.sessionSecret });
  app.decorate('clock', clock);
  registerAuth(
    app,
    sessions,
    // Admins, not the super admin: the one who sets the rule cannot lock the console away.
    async (identity) =>
      !options.getBool('Require2FAForAdmins') ||
      isRoot(identity.role) ||
      (await twoFactor.isEnabled(identity.userId)),
  );
  registerCsrf(app, sessions);
  registerInputGuard(app);
  const status = new StatusService(db, options, config.githubOAuthUrl);
  registerErrorHandling(
    app,
    await registerConsole(app, {
      ...config,
      statusOf: () => status.publicStatus(),
      roleOf: async (request) => {
        const cookie = request.cookies[SESSION_COOKIE];
        return cookie ? ((await sessions.fromCookie(cookie))?.role ?? null) : null;
      },
    }),
  );

  registerStatusRoutes(app, status);
  // The relay reports each outcome through app.outcomes.recordOutcome (issue 17).
  registerStatusPage(app, { db, options, sessions, clock });
  const turnstile = new TurnstileService(options, config.turnstileVerifyUrl, app.log);
  const emailFlows = new EmailFlowsService({
    db,
    options,
    mail: new MailService(options, app.log),
    verification: new VerificationService(db, clock),
  });
  const account = new AccountService({ db, options, sessions, twoFactor });
  const self = new SelfService({ db, sessions, clock, options });
  registerUserRoutes(app, {
    account,
    registration: new RegistrationService({ db, options, clock, emailFlows }),
    self,
    turnstile,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  registerTwoFactorRoutes(app, {
    twoFactor,
    account,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  registerSessionRoutes(app, sessions, self);
  registerPasskeyRoutes(app, {
    passkeys: new PasskeyService({ db, clock, sessions, secret: deps.sessionSecret }),
    options,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  registerUserAdminRoutes(app, new UsersAdminService({ db, options, clock }));
  registerEmailRoutes(app, emailFlows, turnstile);
  const oauth = new OAuthService({
    db,
    options,
    sessions,
    clock,
    githubOAuthUrl: config.githubOAuthUrl,
    githubApiUrl: config.githubApiUrl,
    twoFactor,
  });
  registerOAuthRoutes(app, oauth, sessions);
  registerOidcRoutes(app, {
    oauth,
    sessions,
    options,
    oidc: new OidcClient(),
    secret: deps.sessionSecret,
  });
  registerGroupRoutes(app, new GroupsService(options));
  registerReferenceRoutes(app);
  registerOptionRoutes(app, new OptionsService(options));

  const pricingRules = new PricingRules(options);
  registerTokenRoutes(app, new TokensService(db, clock, () => options.get('QuotaWindowTimezone')));
  registerRedemptionRoutes(app, new RedemptionsService(db, clock));
  const orgs = new OrgsService({ db, clock, timeZone: () => options.get('QuotaWindowTimezone') });
  // An org is topped up online by those who may fund it from their wallet.
  const orgAccess = async (identity: Identity, orgId: number) => {
    await orgs.access(identity, orgId, ORG_ACCESS.fund.role, ORG_ACCESS.fund.siteAdmin);
  };
  const topUp = new TopUpService({ db, options, pricing: pricingRules, clock, orgAccess });
  const stripe = new StripeService({
    db,
    options,
    pricing: pricingRules,
    clock,
    log: app.log,
    orgAccess,
  });
  const plans = registerPlans(app, db, clock, {
    epay: (identity, plan, method) => topUp.payPlan(identity, plan, method),
    stripe: (identity, plan) => stripe.payPlan(identity, plan),
    prices: (planPrice) => ({ ...topUp.planPrices(planPrice), ...stripe.planPrices(planPrice) }),
  });
  app.decorate('subscriptionJob', plans.job);
  registerTopUpRoutes(app, topUp);
  registerStripeRoutes(app, stripe, plans.subscriptions);
  registerPricingRoutes(app, new PricingService(db, pricingRules), sessions);
  const channels = new ChannelsService({ db, options, clock });
  registerChannelRoutes(
    app,
    channels,
    new ChannelUpstreamService({ db, options, clock }, channels),
  );
  registerAuditRoutes(app, new AuditService(db));
  const logs = new LogsService(db, () => options.getNumber('QuotaPerUnit'));
  registerLogRoutes(app, logs);
  const usageData = new UsageDataService(db);
  registerOrgRoutes(app, {
    orgs,
    invitations: new OrgInvitationsService({
      db,
      clock,
      options,
      mail: new MailService(options, app.log),
    }),
    wallet: new OrgWalletService({ db, clock, options, logs, data: usageData }),
  });
  registerDataRoutes(app, usageData);
  registerTaskRoutes(app, new TasksService(db, options));

  const aggregator = new UsageAggregator({
    db,
    options,
    clock,
    onError: (error) => app.log.error({ err: error }, 'usage aggregation failed'),
  });
  aggregator.start();
  app.addHook('onClose', () => aggregator.stop());
  // The relay admits each request through app.limits (see modules/limits/README.md).
  app.decorate(
    'limits',
    createLimits({ db, options, clock, redis: deps.redis, redisPrefix: config.redisPrefix }),
  );
  const { billing, health, inFlight } = registerRelay(app, {
    db,
    options,
    clock,
    onQuotaLow: (userId, quotaLeft) => void emailFlows.remindLowQuota(userId, quotaLeft),
    leaseMs: config.relayLeaseMs,
    retestSeconds: config.channelRetestSeconds,
    body: { limit: config.relayBodyLimit, bytesInFlight: config.relayBytesInFlight },
    sinks: { limits: app.limits, outcomes: app.outcomes, observer: ops.relayObserver },
    ...(deps.redis ? { redis: { client: deps.redis, prefix: config.redisPrefix } } : {}),
  });
  ops.watchSettlements(billing.settlements);
  registerTaskRelays(app, { db, options, billing, health, now: () => clock.now() }, inFlight);
  return app;
}
