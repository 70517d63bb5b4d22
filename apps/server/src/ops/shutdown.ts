// Graceful shutdown on SIGTERM/SIGINT: /readyz turns 503, the listener closes, in-flight requests
// and streams finish (up to the grace period, then their connections are closed), the settlement
// queue is flushed by app.close(), the database and Redis close.
import type { FastifyInstance } from 'fastify';

/** How often connections that went idle during the drain are closed. */
const IDLE_SWEEP_MS = 250;

export interface ShutdownOptions {
  graceMs: number;
  /** Closes the database, Redis and option sync after the app. */
  closeRuntime: () => Promise<void>;
  log: { info(message: string): void; warn(message: string): void };
}

export async function shutdownGracefully(
  app: FastifyInstance,
  options: ShutdownOptions,
): Promise<void> {
  app.ops.beginDrain();
  const server = app.server;
  // Keep-alive connections whose request finished during the drain are closed as they go idle.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    options.log.warn(
      `shutdown grace period (${options.graceMs / 1000} s) is over; closing the remaining connections`,
    );
    server.closeAllConnections();
  }, options.graceMs);
  try {
    // Stops accepting, waits for in-flight requests, then runs the onClose hooks (settlements).
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  await options.closeRuntime();
  options.log.info('shutdown complete');
}
