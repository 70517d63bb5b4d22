// Builds the Fastify application from its dependencies (used by main and by the tests).
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import type { RedisClient } from './lib/redis';
import { registerGroupRoutes } from './modules/groups/groups.routes';
import { GroupsService } from './modules/groups/groups.service';
import { MailService } from './modules/mail/mail.service';
import { registerOAuthRoutes } from './modules/oauth/oauth.routes';
import { OAuthService } from './modules/oauth/oauth.service';
import { registerOptionRoutes } from './modules/options/options.routes';
import { OptionsService } from './modules/options/options.service';
import type { OptionsStore } from './modules/options/options.store';
import { SessionService } from './modules/sessions/sessions.service';
import { registerStatusRoutes } from './modules/status/status.routes';
import { StatusService } from './modules/status/status.service';
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
import { registerAuth } from './plugins/auth';
import { registerConsole } from './plugins/console';
import {
  handleFrameworkError,
  registerErrorHandling,
  registerSecurityHeaders,
} from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { MemoryRateLimitStore, RedisRateLimitStore } from './plugins/rate-limit-store';

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
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  });
  // JSON only: any other body type is a 415, not a string handed to a handler.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);

  registerSecurityHeaders(app);
  registerRateLimit(app, {
    store: deps.redis
      ? new RedisRateLimitStore(deps.redis, config.redisPrefix)
      : new MemoryRateLimitStore(),
    global: config.globalRateLimit,
    critical: config.criticalRateLimit,
  });
  const sessions = new SessionService(db, deps.sessionSecret, config.sessionMaxAgeSeconds, clock);
  registerAuth(app, sessions);
  registerErrorHandling(app, await registerConsole(app, config));

  registerStatusRoutes(app, new StatusService(db, options, config.githubOAuthUrl));
  const turnstile = new TurnstileService(options, config.turnstileVerifyUrl, app.log);
  const emailFlows = new EmailFlowsService({
    db,
    options,
    mail: new MailService(options, app.log),
    verification: new VerificationService(db, clock),
  });
  registerUserRoutes(app, {
    account: new AccountService({ db, options, sessions }),
    registration: new RegistrationService({ db, options, clock, emailFlows }),
    self: new SelfService({ db, sessions, clock, options }),
    turnstile,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
  });
  registerUserAdminRoutes(app, new UsersAdminService({ db, options, clock }));
  registerEmailRoutes(app, emailFlows, turnstile);
  registerOAuthRoutes(
    app,
    new OAuthService({
      db,
      options,
      sessions,
      clock,
      githubOAuthUrl: config.githubOAuthUrl,
      githubApiUrl: config.githubApiUrl,
    }),
    sessions,
  );
  registerGroupRoutes(app, new GroupsService(options));
  registerOptionRoutes(app, new OptionsService(options));
  return app;
}
