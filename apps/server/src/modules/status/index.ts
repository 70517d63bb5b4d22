// The public status page's pieces: the outcome recorder the relay feeds and the models endpoint.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { type Clock, nowMsOf } from '../../lib/clock';
import type { OptionsStore } from '../options/options.store';
import type { SessionService } from '../sessions/sessions.service';
import { OutcomeRecorder } from './outcome-recorder';
import { registerStatusModelsRoutes } from './status-models.routes';
import { StatusModelsService } from './status-models.service';

export type { Outcome } from './outcome-recorder';
export { OutcomeRecorder } from './outcome-recorder';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-minute relay outcomes for the status page: the relay calls recordOutcome(). */
    outcomes: OutcomeRecorder;
  }
}

export function registerStatusPage(
  app: FastifyInstance,
  deps: { db: Db; options: OptionsStore; sessions: SessionService; clock: Clock },
): OutcomeRecorder {
  const nowMs = () => nowMsOf(deps.clock);
  const recorder = new OutcomeRecorder(deps.db, nowMs, (error) =>
    app.log.error({ err: error }, 'status buckets write failed'),
  );
  recorder.start();
  app.addHook('onClose', () => recorder.close());
  app.decorate('outcomes', recorder);
  registerStatusModelsRoutes(app, {
    service: new StatusModelsService(deps.db, nowMs),
    options: deps.options,
    sessions: deps.sessions,
  });
  return recorder;
}
