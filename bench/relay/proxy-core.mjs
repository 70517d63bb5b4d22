// The proxy both floors share (issue 30): plain node:http that parses the JSON body, picks the
// upstream by the body's model and pipes the reply back. bare-proxy.mjs runs it as it is;
// durable-proxy.mjs hands it a ledger: `admit` before the upstream call (a falsy answer: it has
// replied itself) and `settle` once the reply has ended or failed.
import http from 'node:http';

/**
 * @param {{ upstream: URL, port: number, ledger?: {
 *   admit(request: http.IncomingMessage, response: http.ServerResponse, body: object): Promise<unknown>,
 *   settle(admitted: unknown, delivered: boolean): void,
 * } }} options
 */
export function startProxy({ upstream, port, ledger }) {
  /** One upstream per model; every model the bench sends goes to the same fake upstream. */
  const upstreams = new Map([['gpt-4o-mini', upstream]]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const relay = (request, response, body, admitted) => {
    const target = upstreams.get(body.model) ?? upstream;
    const payload = JSON.stringify(body);
    const outbound = http.request(
      new URL(request.url ?? '/', target),
      {
        method: request.method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: request.headers.authorization ?? '',
        },
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, {
          'content-type': reply.headers['content-type'] ?? 'application/json',
        });
        reply.pipe(response);
        if (ledger) reply.once('end', () => ledger.settle(admitted, true));
      },
    );
    outbound.on('error', () => {
      if (ledger) ledger.settle(admitted, false);
      if (!response.headersSent) fail(response, 502, 'upstream unreachable');
      else response.destroy();
    });
    outbound.end(payload);
  };

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        fail(response, 400, 'invalid JSON');
        return;
      }
      if (!ledger) {
        relay(request, response, body);
        return;
      }
      ledger.admit(request, response, body).then(
        (admitted) => {
          if (admitted) relay(request, response, body, admitted);
        },
        () => {
          if (!response.headersSent) fail(response, 500, 'internal error');
        },
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => {
    process.stdout.write(`${server.address().port}\n`);
  });
}

export function fail(response, status, message) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message } }));
}
