// The floor a gateway in Node can reach (issue 30): a bare proxy on plain node:http that parses
// the JSON body, picks the upstream by the body's model, and pipes the reply back. No auth, no
// billing, no logging. Usage: node bare-proxy.mjs <upstream url> [port]; prints its port.
import http from 'node:http';

const upstream = new URL(process.argv[2] ?? 'http://127.0.0.1:8080');
const port = Number(process.argv[3] ?? 0);
/** One upstream per model; every model the bench sends goes to the same fake upstream. */
const upstreams = new Map([['gpt-4o-mini', upstream]]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const fail = (response, status, message) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message } }));
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
      },
    );
    outbound.on('error', () => {
      if (!response.headersSent) fail(response, 502, 'upstream unreachable');
      else response.destroy();
    });
    outbound.end(payload);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
