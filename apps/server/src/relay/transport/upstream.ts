// Outbound HTTP to upstreams: node:http/https with keep-alive agents (one pool per protocol).
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });

export interface UpstreamRequest {
  url: URL;
  method?: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** An upstream that could not be reached or broke the connection before answering. */
export class UpstreamNetworkError extends Error {
  constructor(
    message: string,
    /** Which of the upstream's time limits ran out, when one did. */
    readonly timeout?: 'connect' | 'first_byte' | 'idle',
  ) {
    super(message);
  }
}

/** How long an upstream may take, in ms (0: no limit). */
export interface UpstreamTimeouts {
  /** To open the TCP connection (a fresh one; a kept-alive socket is already open). */
  connectMs: number;
  /** From sending the request to the reply's head. */
  firstByteMs: number;
  /** Between two pieces of the reply's body (a stalled stream, a body that stops). */
  idleMs: number;
}

/** Used where no options say otherwise (calls outside the relay's attempts). */
export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
  connectMs: 10_000,
  firstByteMs: 300_000,
  idleMs: 60_000,
};

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * Cancels the upstream calls of one relayed request when its client goes away: the call in
 * flight is destroyed (its reply too), later ones at once. Does what an AbortSignal does for
 * the relay, without an AbortController and its listeners on every request.
 */
export class UpstreamCancel {
  cancelled = false;
  /** The limits of the attempt in flight (the relay sets them per channel). */
  timeouts: UpstreamTimeouts = DEFAULT_UPSTREAM_TIMEOUTS;
  private current: ClientRequest | null = null;

  cancel(): void {
    this.cancelled = true;
    this.current?.destroy(new Error('the client went away'));
  }

  attach(request: ClientRequest): void {
    this.current = request;
    if (this.cancelled) request.destroy(new Error('the client went away'));
  }
}

/**
 * Sends the request and resolves with the response head; the body is left to the caller to
 * stream. The signal (or cancel) aborts the request at any point (a client that went away).
 * A connection not opened in time, a head not received in time (both before any byte reached
 * the caller, so worth another channel) and a body that stops for longer than the idle limit
 * end the call with an UpstreamNetworkError naming the limit.
 */
export function sendUpstream(
  request: UpstreamRequest,
  stop: AbortSignal | UpstreamCancel,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const body = request.body;
    const headers: Record<string, string | number> = { ...request.headers };
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const outgoing = (secure ? https : http).request(request.url, {
      method: request.method ?? 'POST',
      headers,
      agent: secure ? httpsAgent : httpAgent,
      ...(stop instanceof UpstreamCancel ? {} : { signal: stop }),
    });
    const limits = stop instanceof UpstreamCancel ? stop.timeouts : DEFAULT_UPSTREAM_TIMEOUTS;
    if (stop instanceof UpstreamCancel) stop.attach(outgoing);
    let timer: NodeJS.Timeout | undefined;
    let answered = false;
    const disarm = () => clearTimeout(timer);
    const expire = (ms: number, error: UpstreamNetworkError) => {
      disarm();
      if (ms > 0 && !answered) timer = setTimeout(() => outgoing.destroy(error), ms);
    };
    outgoing.once('socket', (socket: Socket) => {
      if (!socket.connecting) return;
      expire(
        limits.connectMs,
        new UpstreamNetworkError(
          `could not connect to the upstream in ${seconds(limits.connectMs)}`,
          'connect',
        ),
      );
      socket.once('connect', () => armFirstByte());
    });
    const armFirstByte = () =>
      expire(
        limits.firstByteMs,
        new UpstreamNetworkError(
          `the upstream sent no reply in ${seconds(limits.firstByteMs)}`,
          'first_byte',
        ),
      );
    outgoing.once('response', (response: IncomingMessage) => {
      answered = true;
      disarm();
      if (limits.idleMs > 0) watchIdle(response, limits.idleMs);
      resolve(response);
    });
    outgoing.once('error', (error) => {
      answered = true;
      disarm();
      reject(
        error instanceof UpstreamNetworkError ? error : new UpstreamNetworkError(error.message),
      );
    });
    outgoing.end(body, () => {
      // The whole request is out: the wait for the head starts (again) now.
      if (!outgoing.socket?.connecting) armFirstByte();
    });
  });
}

/**
 * Ends a reply whose body stops for `ms`: the socket's own idle timer, which the keep-alive agent
 * resets when it takes the socket back; the listener is removed with the reply so a reused socket
 * carries none of it.
 */
function watchIdle(response: IncomingMessage, ms: number): void {
  const socket = response.socket;
  const onIdle = () =>
    response.destroy(
      new UpstreamNetworkError(`the upstream sent nothing for ${seconds(ms)}`, 'idle'),
    );
  socket.setTimeout(ms);
  socket.on('timeout', onIdle);
  const done = () => socket.off('timeout', onIdle);
  response.once('end', done);
  response.once('close', done);
}

/** Reads a whole (small) response body. */
export function readBody(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', (error) => reject(new UpstreamNetworkError(error.message)));
    response.once('aborted', () => reject(new UpstreamNetworkError('upstream closed the reply')));
  });
}
