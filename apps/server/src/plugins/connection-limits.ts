// Slow or piled-up connections must not exhaust the server's file descriptors: a client has
// REQUEST_TIMEOUT seconds to send a whole request (headers within at most 15 s), and one address
// may hold MAX_CONNECTIONS_PER_IP open connections. Neither cuts a long reply: Node's requestTimeout
// only runs while the request is being received, and no socket idle timeout is set, so a streaming
// relay reply (or an upstream that thinks for minutes) is never cut.
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { isTrustedPeer } from './client-address';

const HEADERS_TIMEOUT_MS = 15_000;
/** Kept above the usual load balancer idle timeout (60 s), so the balancer closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node checks the request and headers timeouts (its default is 30 s). */
const CHECK_INTERVAL_MS = 1_000;

type TimeoutConfig = Pick<Config, 'requestTimeoutSeconds'>;

/** The Fastify options that bound how long a request may take to arrive. */
export function serverTimeouts(config: TimeoutConfig): Partial<FastifyHttpOptions<Server>> {
  const requestMs = config.requestTimeoutSeconds * 1000;
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: 0,
    http: {
      headersTimeout: requestMs > 0 ? Math.min(HEADERS_TIMEOUT_MS, requestMs) : HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
  };
}

/** Refuses (closes) a connection beyond the per-address cap; trusted proxies are exempt, since
 * every client behind them shares their address (limit connections at the proxy then). */
export function registerConnectionLimits(
  app: FastifyInstance,
  config: Pick<Config, 'maxConnectionsPerIp' | 'trustProxy'>,
): void {
  const cap = config.maxConnectionsPerIp;
  if (cap <= 0) return;
  const open = new Map<string, number>();
  (app.server as Server).on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedPeer(config.trustProxy, address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
