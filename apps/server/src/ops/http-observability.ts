// Per-request observation: the HTTP counters and latency histogram (by route pattern, never the
// raw URL) and, when tracing is on, one server span per /api and relay request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InFlight } from './in-flight';
import type { Metrics } from './metrics';
import { setRequestSpan } from './relay-observer';
import type { Tracer } from './tracing';

/** Requests matching no route share one label, so scanners cannot grow the series. */
const UNMATCHED = 'unmatched';

/** Paths whose requests get a span: the console API and the relays. */
const TRACED = /^\/(api|v1|v1beta|mj|suno)(\/|$)/;

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED;

/**
 * Runs `done` once the reply is over, also for replies the relay writes itself (streams are
 * hijacked, and hijacked replies skip Fastify's onResponse hook).
 */
function onReplyOver(reply: FastifyReply, done: () => void): void {
  const raw = reply.raw;
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  raw.once('finish', once);
  raw.once('close', once);
}

export function registerHttpObservability(
  app: FastifyInstance,
  metrics: Metrics,
  tracer: Tracer,
  inFlight: InFlight,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = routeOf(request);
    const started = process.hrtime.bigint();
    const path = request.url.split('?', 1)[0] ?? '';
    const span =
      tracer.enabled && TRACED.test(path)
        ? tracer.startSpan(`${request.method} ${route}`, {
            kind: 'server',
            attributes: {
              'http.request.method': request.method,
              'http.route': route,
              'url.path': path,
            },
          })
        : undefined;
    if (span) setRequestSpan(request, span);
    onReplyOver(reply, () => {
      const status = reply.raw.statusCode;
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.inc({ method: request.method, route, status: String(status) });
      metrics.httpDuration.observe({ method: request.method, route }, elapsed);
      if (!span) return;
      span.setAttributes({ 'http.response.status_code': status });
      // The relay settles after its reply went out: the span lasts until the handler is done,
      // so the settlement and the usage attributes belong to it.
      inFlight.afterHandler(request, () => span.end(status >= 500 ? `HTTP ${status}` : undefined));
    });
    done();
  });
}
