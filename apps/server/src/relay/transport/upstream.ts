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

/** What a cancel destroys: an HTTP call, or a provider's own transport (a WebSocket, an SDK call). */
export interface CancellableCall {
  destroy(error?: Error): void;
}

/**
 * Cancels the upstream calls of one relayed request when its client goes away: the call in
 * flight is destroyed (its reply too), later ones at once. Does what an AbortSignal does for
 * the relay, without an AbortController and its listeners on every request.
 */
export class UpstreamCancel {
  cancelled = false;
  /** The limits of the attempt in flight (the relay sets them per channel). */
  timeouts: UpstreamTimeouts = DEFAULT_UPSTREAM_TIMEOUTS;
  private current: CancellableCall | null = null;

  cancel(): void {
    this.cancelled = true;
    this.current?.destroy(new Error('the client went away'));
  }

  attach(request: CancellableCall): void {
    this.current = request;
    if (this.cancelled) request.destroy(new Error('the client went away'));
  }
}

type TimeLimit = NonNullable<UpstreamNetworkError['timeout']>;

const TIMEOUT_MESSAGES: Record<TimeLimit, (ms: number) => string> = {
  connect: (ms) => `could not connect to the upstream in ${seconds(ms)}`,
  first_byte: (ms) => `the upstream sent no reply in ${seconds(ms)}`,
  idle: (ms) => `the upstream sent nothing for ${seconds(ms)}`,
};

/**
 * One call's state, kept on its ClientRequest: the listeners below are module functions called
 * with the request as `this`, so a call creates no closures, and a time limit's error (its stack
 * trace is the costly part) is built only when the limit runs out.
 */
interface CallState {
  resolve: (response: IncomingMessage) => void;
  reject: (error: UpstreamNetworkError) => void;
  limits: UpstreamTimeouts;
  timer: NodeJS.Timeout | undefined;
  answered: boolean;
}

const CALL = Symbol('upstream call');
type Call = ClientRequest & { [CALL]: CallState };

function expire(call: Call, limit: TimeLimit, ms: number): void {
  call.destroy(new UpstreamNetworkError(TIMEOUT_MESSAGES[limit](ms), limit));
}

/** (Re)arms the call's timer for `limit`; 0 ms is no limit. */
function arm(call: Call, limit: 'connect' | 'first_byte'): void {
  const state = call[CALL];
  clearTimeout(state.timer);
  const ms = limit === 'connect' ? state.limits.connectMs : state.limits.firstByteMs;
  if (ms > 0 && !state.answered) state.timer = setTimeout(expire, ms, call, limit, ms);
}

function onSocket(this: Call, socket: Socket): void {
  if (!socket.connecting) return;
  arm(this, 'connect');
  socket.once('connect', () => arm(this, 'first_byte'));
}

function onResponse(this: Call, response: IncomingMessage): void {
  const state = this[CALL];
  state.answered = true;
  clearTimeout(state.timer);
  if (state.limits.idleMs > 0) watchIdle(response, state.limits.idleMs);
  state.resolve(response);
}

function onError(this: Call, error: Error): void {
  const state = this[CALL];
  state.answered = true;
  clearTimeout(state.timer);
  state.reject(
    error instanceof UpstreamNetworkError ? error : new UpstreamNetworkError(error.message),
  );
}

/** The whole request is out: the wait for the head starts (again) now. */
function onSent(this: Call): void {
  if (!this.socket?.connecting) arm(this, 'first_byte');
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
    const cancel = stop instanceof UpstreamCancel ? stop : undefined;
    const call = (secure ? https : http).request(request.url, {
      method: request.method ?? 'POST',
      headers,
      agent: secure ? httpsAgent : httpAgent,
      ...(cancel ? {} : { signal: stop as AbortSignal }),
    }) as Call;
    call[CALL] = {
      resolve,
      reject,
      limits: cancel ? cancel.timeouts : DEFAULT_UPSTREAM_TIMEOUTS,
      timer: undefined,
      answered: false,
    };
    cancel?.attach(call);
    call.once('socket', onSocket);
    call.once('response', onResponse);
    call.once('error', onError);
    call.once('finish', onSent);
    call.end(body);
  });
}

const IDLE = Symbol('idle watch');
/** A socket watched for idleness carries the reply it would end; the reply carries its socket. */
type WatchedSocket = Socket & { [IDLE]?: { response: IncomingMessage; ms: number } };
type WatchedReply = IncomingMessage & { [IDLE]?: WatchedSocket };

function onIdle(this: WatchedSocket): void {
  const watch = this[IDLE];
  if (watch) {
    watch.response.destroy(new UpstreamNetworkError(TIMEOUT_MESSAGES.idle(watch.ms), 'idle'));
  }
}

function endIdleWatch(this: WatchedReply): void {
  const socket = this[IDLE];
  if (!socket) return;
  this[IDLE] = undefined;
  socket[IDLE] = undefined;
  socket.off('timeout', onIdle);
}

/**
 * Ends a reply whose body stops for `ms`: the socket's own idle timer, which the keep-alive agent
 * resets when it takes the socket back; the listener is removed with the reply so a reused socket
 * carries none of it. The listeners are module functions (the reply and its socket carry what
 * they need): the bundle names every closure it creates, a defineProperty each, per request.
 */
function watchIdle(response: IncomingMessage, ms: number): void {
  const socket = response.socket as WatchedSocket;
  socket[IDLE] = { response, ms };
  (response as WatchedReply)[IDLE] = socket;
  socket.setTimeout(ms);
  socket.on('timeout', onIdle);
  response.once('end', endIdleWatch);
  response.once('close', endIdleWatch);
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
