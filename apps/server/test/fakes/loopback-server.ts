// The HTTP server under every fake: 127.0.0.1 on a free port (or a given one), connections kept
// alive longer than the gateway's pool keeps them idle (so a reused socket is never one the fake
// just closed), a handler that may be async (a throw destroys that response), and a close that
// does not wait for idle connections.
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

export interface LoopbackServer {
  server: Server;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function startLoopbackServer(handler: FakeHandler, port = 0): Promise<LoopbackServer> {
  const server = http.createServer((request, response) => {
    Promise.resolve()
      .then(() => handler(request, response))
      .catch((error: unknown) => response.destroy(error as Error));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the fakes record of every request: method, path, query and headers. */
export function requestLine(request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    search: url.search,
    query: url.searchParams,
    headers: request.headers,
  };
}

/** The whole body of a request. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
