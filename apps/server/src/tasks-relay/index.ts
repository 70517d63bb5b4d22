// The drawing (/mj) and music (/suno) relays on the relay core, with their task poller.
import type { FastifyInstance } from 'fastify';
import type { BytesInFlight } from '../relay/http/relay-gate';
import { DrawingRelay } from './drawing-relay.service';
import { MusicRelay } from './music-relay.service';
import type { TaskRelayDeps } from './task-admission';
import { TaskPoller } from './task-poller';
import { registerTaskRelayRoutes } from './task-relay.routes';

/** Registers the routes and starts polling open tasks (stopped when the app closes). */
export function registerTaskRelays(
  app: FastifyInstance,
  deps: TaskRelayDeps,
  inFlight: BytesInFlight,
): { poller: TaskPoller } {
  const poller = new TaskPoller({
    ...deps,
    onError: (error) => app.log.warn({ err: error }, 'task polling failed'),
  });
  registerTaskRelayRoutes(app, {
    deps,
    inFlight,
    drawing: new DrawingRelay(deps),
    music: new MusicRelay(deps),
    poller,
  });
  poller.start();
  app.addHook('onClose', () => poller.stop());
  return { poller };
}
