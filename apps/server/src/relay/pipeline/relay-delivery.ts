// Delivery to the client: a whole reply, or a stream piped event by event (paused while the
// client is slow), ended by the dialect's closing frames or, when cut, its error event.
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ReplyText } from '../canonical/reply-text';
import type { ChatError } from '../canonical/types';
import type { Usage } from '../canonical/usage';
import type { StreamPipe, WholeReply } from './relay-attempt';
import type { ReplySink } from './reply-sink';

/**
 * Why a delivered stream ended early: the client left, the upstream broke off (or stalled), or
 * the server's shutdown grace period ran out.
 */
export type StreamCut = 'client' | 'upstream' | 'shutdown' | null;

/** The reason a shutdown gives its cut streams (client and log). */
export const SHUTDOWN_CUT_REASON = 'the server is shutting down';

export interface Delivery {
  usage: Usage | undefined;
  text: ReplyText;
  cut: StreamCut;
  /** What the upstream said when it broke off (for the log). */
  cutReason?: string;
  /** Milliseconds from the start to the first byte sent to the client. */
  firstByteMs: number;
  delivered: boolean;
  /**
   * Streams only: ends the client's stream once the usage is known. `beforeEnd` runs after the
   * closing frames were rendered and before they are written (only for a complete stream).
   */
  close?: (usage: Usage, beforeEnd?: () => Promise<unknown>) => Promise<void>;
}

export async function deliverReply(
  sink: ReplySink,
  whole: WholeReply,
  started: number,
): Promise<Delivery> {
  const firstByteMs = Math.round(performance.now() - started);
  await sink.send(200, whole.contentType, whole.body);
  const text = ReplyText.of(whole.text);
  return { usage: whole.usage, text, cut: null, firstByteMs, delivered: true };
}

const cutError = (cut: StreamCut, reason: string): ChatError =>
  cut === 'shutdown'
    ? {
        message: `The stream ended early: ${reason}; please retry`,
        type: 'server_error',
        param: null,
        code: 'stream_cut',
      }
    : {
        message: `The upstream stream ended early: ${reason}`,
        type: 'upstream_error',
        param: null,
        code: 'stream_cut',
      };

/**
 * Pipes the upstream's stream to the client through `pipe`. Registered in the sink's live
 * streams while it runs, so a shutdown can cut it with the dialect's error event.
 */
export function deliverStream(
  out: ReplySink,
  response: IncomingMessage,
  pipe: StreamPipe,
  started: number,
  contentType = 'text/event-stream',
): Promise<Delivery> {
  // The headers hooks set (CORS, request id) go out with the stream's head too.
  out.startStream(200, {
    'content-type': contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.setEncoding('utf8');
  // A stall (RelayStreamIdleTimeout) is ended by sendUpstream's watch: an 'error' below.
  return new Promise<Delivery>((resolve) => {
    const delivery = new StreamDelivery(out, response, pipe, started, resolve);
    (response as Carrier)[DELIVERY] = delivery;
    out.onClose(delivery.onClientClose);
    delivery.unregister = out.liveStreams?.add(delivery.cutForShutdown);
    response.on('data', onData);
    response.once('end', onEnd);
    response.once('error', onError);
    response.once('close', onUpstreamClose);
  });
}

/**
 * One stream's delivery. The upstream reply's listeners are module functions called with the
 * reply as `this` (it carries its delivery), and the few callbacks handed elsewhere are bound
 * once: the bundle names every closure it creates (an Object.defineProperty each), per request.
 */
class StreamDelivery {
  firstByteMs = -1;
  unregister: (() => void) | undefined;
  private settled = false;
  readonly onClientClose: () => void;
  readonly cutForShutdown: () => void;

  constructor(
    readonly out: ReplySink,
    readonly response: IncomingMessage,
    readonly pipe: StreamPipe,
    private readonly started: number,
    private readonly resolve: (delivery: Delivery) => void,
  ) {
    this.onClientClose = this.clientClosed.bind(this);
    this.cutForShutdown = this.shutdown.bind(this);
  }

  write(frames: string): void {
    if (frames === '') return;
    if (this.firstByteMs < 0) this.firstByteMs = Math.round(performance.now() - this.started);
    if (!this.out.write(frames)) {
      const { response } = this;
      response.pause();
      this.out.onDrain(() => response.resume());
    }
  }

  done(cut: StreamCut, cutReason?: string): void {
    if (this.settled) return;
    this.settled = true;
    const { out, pipe } = this;
    this.unregister?.();
    out.offClose(this.onClientClose);
    if (cut !== 'client' && !out.closed) this.write(pipe.flush());
    // A complete reply whose every frame is a closing one (a Gemini function call or an empty
    // text goes out whole at the end) was still served: it is delivered, so it is billed.
    const complete = cut === null && !out.closed;
    if (complete && this.firstByteMs < 0) {
      this.firstByteMs = Math.round(performance.now() - this.started);
    }
    this.resolve({
      usage: pipe.usage,
      text: pipe.text,
      cut,
      ...(cutReason ? { cutReason } : {}),
      firstByteMs: this.firstByteMs,
      delivered: complete || this.firstByteMs >= 0,
      close: this.close.bind(this, cut, cutReason),
    });
  }

  /** Ends the client's stream once the usage is known (Delivery.close). */
  async close(
    cut: StreamCut,
    cutReason: string | undefined,
    usage: Usage,
    beforeEnd?: () => Promise<unknown>,
  ): Promise<void> {
    const { out, pipe } = this;
    if (out.closed || out.ended) return;
    if (cut !== null) {
      out.end(pipe.fail(cutError(cut, cutReason ?? 'connection closed')));
      return;
    }
    const frames = pipe.end(usage);
    await beforeEnd?.();
    out.end(frames);
  }

  private clientClosed(): void {
    if (!this.out.finished) {
      this.response.destroy();
      this.done('client');
    }
  }

  private shutdown(): void {
    this.done('shutdown', SHUTDOWN_CUT_REASON);
    this.response.destroy();
    // The error event goes out now, before the connections are closed (counting the delivered
    // text for the settlement may take longer); close() then has nothing left to write.
    if (!this.out.closed) this.out.end(this.pipe.fail(cutError('shutdown', SHUTDOWN_CUT_REASON)));
  }
}

const DELIVERY = Symbol('stream delivery');
type Carrier = IncomingMessage & { [DELIVERY]: StreamDelivery };

function onData(this: Carrier, chunk: string): void {
  const delivery = this[DELIVERY];
  delivery.write(delivery.pipe.push(chunk));
}

function onEnd(this: Carrier): void {
  const delivery = this[DELIVERY];
  if (delivery.pipe.finished) delivery.done(null);
  else delivery.done('upstream', 'the upstream ended without finishing');
}

function onError(this: Carrier, error: Error): void {
  const delivery = this[DELIVERY];
  if (delivery.out.closed) delivery.done('client');
  else delivery.done('upstream', error.message);
}

function onUpstreamClose(this: Carrier): void {
  const delivery = this[DELIVERY];
  if (!this.complete)
    delivery.done(delivery.out.closed ? 'client' : 'upstream', 'connection closed');
}
