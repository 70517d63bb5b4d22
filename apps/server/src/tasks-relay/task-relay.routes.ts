// /mj and /suno: the drawing and music relays (API-token callers, not console sessions), the
// public image proxy and the drawing proxy's notify callback.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from '../i18n';
import { type BytesInFlight, registerRelayGate } from '../relay/http/relay-gate';
import { RelayError } from '../relay/relay-errors';
import { DRAWING_SUBMIT_PATHS, type DrawingSubmitPath } from './drawing-actions';
import type { DrawingRelay } from './drawing-relay.service';
import { sendImage } from './image-proxy';
import { isMusicAction, type MusicRelay } from './music-relay.service';
import { admit, type TaskRelayDeps } from './task-admission';
import type { TaskPoller } from './task-poller';
import { findDrawingTask } from './task-relay.repository';

export interface TaskRelayRouteDeps {
  deps: TaskRelayDeps;
  /** The relay's count of request bytes in flight, shared with /v1. */
  inFlight: BytesInFlight;
  drawing: DrawingRelay;
  music: MusicRelay;
  poller: TaskPoller;
}

function sendTaskError(request: FastifyRequest, reply: FastifyReply, error: RelayError) {
  const body = error.body(languageOf(request)).error;
  // The drawing proxy's error shape ({code, description, type}) on both relays.
  return reply
    .code(error.status)
    .send({ code: body.code, description: body.message, type: body.type });
}

export function registerTaskRelayRoutes(app: FastifyInstance, routes: TaskRelayRouteDeps): void {
  const { drawing, music } = routes;
  app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof RelayError) return sendTaskError(request, reply, error);
      throw error;
    });
    // The key before the body, as on /v1; the proxy's callback carries none.
    registerRelayGate(scope, {
      admit: (request) => admit(routes.deps, request),
      inFlight: routes.inFlight,
      open: new Set(['/mj/notify']),
    });

    // Every drawing route also answers under a mode prefix (/mj-fast/mj/…), which is dropped.
    for (const prefix of ['', '/:mode(^mj-(?:fast|turbo|relax)$)']) {
      for (const path of Object.keys(DRAWING_SUBMIT_PATHS) as DrawingSubmitPath[]) {
        scope.post(`${prefix}${path}`, async (request, reply) => {
          const result = await drawing.submit(request, path);
          return reply.code(result.status).send(result.body);
        });
      }
      scope.get<{ Params: { id: string } }>(`${prefix}/mj/task/:id/fetch`, (request) =>
        drawing.fetch(request, request.params.id),
      );
      scope.get<{ Params: { id: string } }>(
        `${prefix}/mj/task/:id/image-seed`,
        async (request, reply) => {
          const result = await drawing.imageSeed(request, request.params.id);
          return reply.code(result.status).send(result.body);
        },
      );
      scope.post(`${prefix}/mj/task/list-by-condition`, (request) =>
        drawing.listByCondition(request),
      );
    }

    // Public like the reference: image links are handed to browsers and chat clients.
    scope.get<{ Params: { id: string } }>('/mj/image/:id', async (request, reply) => {
      const url = await drawing.imageUrl(request.params.id);
      if (!url) return reply.code(404).send({ code: 'not_found', description: 'image not found' });
      return sendImage(reply, request.params.id, url);
    });

    // The proxy says a task changed; the task is re-read from the proxy rather than trusting the
    // (unauthenticated) callback body.
    scope.post('/mj/notify', async (request, reply) => {
      if (!routes.deps.options.getBool('MjNotifyEnabled')) return reply.code(404).send();
      const id = (request.body as { id?: unknown } | undefined)?.id;
      const task = typeof id === 'string' ? await findDrawingTask(routes.deps.db, id) : undefined;
      if (task) await routes.poller.refreshDrawing(task);
      return { code: 1, description: 'ok' };
    });

    scope.post<{ Params: { action: string } }>('/suno/submit/:action', async (request, reply) => {
      const { action } = request.params;
      if (!isMusicAction(action)) throw new RelayError(404, 'task.badRequest', 'invalid_action');
      const result = await music.submit(request, action);
      return reply.code(result.status).send(result.body);
    });
    scope.post('/suno/fetch', (request) => music.fetchMany(request));
    scope.get<{ Params: { id: string } }>('/suno/fetch/:id', (request) =>
      music.fetchOne(request, request.params.id),
    );
  });
}
