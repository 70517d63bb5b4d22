// Counts route handlers still running, so shutdown can wait for them before the database closes.
// A relay handler runs past the end of its HTTP reply (a stream the client lost is settled or
// refunded afterwards), so "connections closed" is not yet "nothing left to write".
import type { FastifyInstance } from 'fastify';

export interface InFlight {
  readonly count: number;
  /** Runs `fn` once the request's handler has settled (at once when it has none running). */
  afterHandler(request: object, fn: () => void): void;
  /** Resolves once no handler runs (or after `timeoutMs`); true when idle. */
  idle(timeoutMs: number): Promise<boolean>;
}

export function trackHandlers(app: FastifyInstance): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  const running = new WeakMap<object, Promise<void>>();
  const finished = () => {
    count -= 1;
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  // Wraps every route added after this: a handler returning a promise counts until it settles.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        count += 1;
        running.set(
          request,
          result.then(finished, finished).then(() => {
            running.delete(request);
          }),
        );
      }
      return result;
    } as typeof handler;
  });
  return {
    get count() {
      return count;
    },
    afterHandler(request, fn) {
      const pending = running.get(request);
      if (pending) void pending.then(fn);
      else fn();
    },
    idle(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
