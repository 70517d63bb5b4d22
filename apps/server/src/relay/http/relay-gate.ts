// The relay scope's gate, run before any body is read (issue 27, point 1): the caller's key is
// checked and the body's bytes are counted against a per-process cap. A request without a valid
// key, or one more than the process can hold, costs the server its headers only: it is answered
// at once in its dialect and, when a body was announced, the connection is closed unread.
import type { Socket } from 'node:net';
import { type Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { anthropicKey } from '../dialects/anthropic/parse';
import { geminiKey } from '../dialects/gemini/parse';
import type { RelayCaller } from '../pipeline/admission';
import { RelayError } from '../relay-errors';

/** Seconds a refused client is asked to wait before sending its body again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Callers admitted by the gate, for the handler's own admission (no second token query). */
const admitted = new WeakMap<FastifyRequest, RelayCaller>();

/** The caller the gate admitted for this request, if it ran. */
export const gatedCaller = (request: FastifyRequest): RelayCaller | undefined =>
  admitted.get(request);

/** The API key where the route's dialect carries it. */
function keyOf(request: FastifyRequest): string | undefined {
  switch (request.routeOptions.config.dialect?.name) {
    case 'anthropic':
      return anthropicKey(request);
    case 'gemini':
      return geminiKey(request);
    default:
      return request.headers.authorization;
  }
}

/** The body's announced length (at most the limit), or null for a chunked one. */
function announcedBytes(request: FastifyRequest, limit: number): number | null {
  const length = request.headers['content-length'];
  if (length !== undefined) {
    const bytes = Number(length);
    return Number.isFinite(bytes) && bytes >= 0 ? Math.min(bytes, limit) : limit;
  }
  return request.headers['transfer-encoding'] !== undefined ? null : 0;
}

/** Bytes of relay request bodies this process is holding, against a cap (0 = none). */
export class BytesInFlight {
  private held = 0;

  constructor(private readonly cap: number) {}

  take(bytes: number): boolean {
    if (this.cap > 0 && bytes > 0 && this.held + bytes > this.cap) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }
}

export interface RelayGateDeps {
  admit(request: FastifyRequest, key: string | undefined): Promise<RelayCaller>;
  inFlight: BytesInFlight;
  /** POST routes that take no key (a provider's callback). */
  open?: ReadonlySet<string>;
}

/** How long a socket answered before its body keeps dropping what still arrives. */
const LINGER_MS = 2000;

/**
 * The connection of a request answered before its body was read ends with the answer: `Connection:
 * close`, so nothing more is read from it as a request. Node would then destroy the socket as soon
 * as the answer is written, and with body bytes still unread that is a TCP reset, which can reach
 * the client before the answer does (and discard it). So the socket is half-closed instead, and
 * what still arrives is dropped unread for LINGER_MS ("lingering close"), then it is destroyed.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = request.raw.socket;
  socket.destroySoon = function linger(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/** Refuses before the body (which, when one was announced, is never read). */
function refuseUnread(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: number,
  error: RelayError,
): RelayError {
  if (bytes > 0) closeAfterAnswer(request, reply);
  return error;
}

/** The 503 for a body the process has no room for, answered before the rest of it is read. */
function busy(request: FastifyRequest, reply: FastifyReply): RelayError {
  reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  return refuseUnread(request, reply, 1, new RelayError(503, 'relay.serverBusy', 'server_busy'));
}

/** A chunked body's bytes counted as they arrive (its size is known only at its end). */
function countedAsItArrives(
  request: FastifyRequest,
  reply: FastifyReply,
  inFlight: BytesInFlight,
  payload: Readable,
): Readable {
  let held = 0;
  reply.raw.once('close', () => inFlight.give(held));
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (!inFlight.take(chunk.length)) {
          done(busy(request, reply));
          return;
        }
        held += chunk.length;
        done(null, chunk);
      },
    }),
  );
}

/** Adds the gate to the relay scope (POST routes: the only relay requests with bodies). */
export function registerRelayGate(scope: FastifyInstance, deps: RelayGateDeps): void {
  const chunked = new WeakSet<FastifyRequest>();
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || deps.open?.has(request.routeOptions.url ?? '')) return;
    const bytes = announcedBytes(request, request.routeOptions.bodyLimit);
    const caller = await deps.admit(request, keyOf(request)).catch((error: unknown) => {
      throw error instanceof RelayError ? refuseUnread(request, reply, bytes ?? 1, error) : error;
    });
    admitted.set(request, caller);
    if (bytes === null) {
      chunked.add(request);
      return;
    }
    if (!deps.inFlight.take(bytes)) throw busy(request, reply);
    // Held until the answer is over: the parsed body lives as long as the request does.
    if (bytes > 0) reply.raw.once('close', () => deps.inFlight.give(bytes));
  });
  // A callback hook, not an async one: most requests pass as they are, without a promise.
  scope.addHook('preParsing', (request, reply, payload, done) => {
    done(
      null,
      chunked.has(request) ? countedAsItArrives(request, reply, deps.inFlight, payload) : payload,
    );
  });
}
