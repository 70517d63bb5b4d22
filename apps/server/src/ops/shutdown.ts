// Graceful shutdown on SIGTERM/SIGINT: /readyz turns 503 at once while the listener stays open for
// probes (other new requests are refused 503), in-flight requests and streams finish up to the
// grace period; streams still running then end with their dialect's error event and a log that
// says `shutdown`, other connections are closed; the listener closes, the settlement queue is
// flushed by app.close(), the database and Redis close.
import type { FastifyInstance } from 'fastify';

/** How often connections that went idle during the drain are closed. */
const IDLE_SWEEP_MS = 250;
/** How long cut streams get to write their error event before the connections are closed. */
const CUT_FLUSH_MS = 200;

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
  try {
    if (!(await app.ops.idle(options.graceMs))) {
      options.log.warn(
        `shutdown grace period (${options.graceMs / 1000} s) is over; closing the remaining connections`,
      );
      // Streams end with their error event (and settle what they delivered); the rest is dropped.
      const cut = app.ops.streams.cutAll();
      if (cut > 0) options.log.warn(`${cut} streams were cut with an error event`);
      await new Promise((resolve) => setTimeout(resolve, CUT_FLUSH_MS));
      server.closeAllConnections();
    }
    // Stops accepting, waits for what is left, then runs the onClose hooks (settlements). A
    // connection that still hangs on is dropped after another grace period.
    const stuck = setTimeout(() => server.closeAllConnections(), options.graceMs);
    await app.close().finally(() => clearTimeout(stuck));
  } finally {
    clearInterval(sweep);
  }
  await options.closeRuntime();
  options.log.info('shutdown complete');
}
