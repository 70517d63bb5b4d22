// Plans and subscriptions (issue 31): routes, the services and the expiry/renewal job.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { registerPlanRoutes } from './plans.routes';
import { PlansService } from './plans.service';
import { SubscriptionJob } from './subscription-job';
import { registerSubscriptionRoutes } from './subscriptions.routes';
import { type PlanPayments, SubscriptionsService } from './subscriptions.service';

export { SubscriptionJob } from './subscription-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** Expiry and renewal of subscriptions (tests run a sweep at a moved clock). */
    subscriptionJob: SubscriptionJob;
  }
}

/** Registers /api/plan and /api/subscription and starts the job (stopped when the app closes). */
export function registerPlans(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  payments: PlanPayments,
): { job: SubscriptionJob; subscriptions: SubscriptionsService } {
  registerPlanRoutes(app, new PlansService(db, clock, payments.prices));
  const subscriptions = new SubscriptionsService(db, clock, payments);
  registerSubscriptionRoutes(app, subscriptions);
  const job = new SubscriptionJob(db, clock, (message) => app.log.warn(message));
  job.start();
  app.addHook('onClose', () => job.stop());
  return { job, subscriptions };
}
