// Delivery to the client: a whole reply, or a stream piped event by event (paused while the
// client is slow), ended by the dialect's closing frames or, when cut, its error event.
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Usage } from '../../ledger/billing';
import { ReplyText } from '../canonical/reply-text';
import type { ChatError } from '../canonical/types';
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
  let firstByteMs = -1;
  response.setEncoding('utf8');
  // A stall (RelayStreamIdleTimeout) is ended by sendUpstream's watch: an 'error' below.

  const write = (frames: string) => {
    if (frames === '') return;
    if (firstByteMs < 0) firstByteMs = Math.round(performance.now() - started);
    if (!out.write(frames)) {
      response.pause();
      out.onDrain(() => response.resume());
    }
  };

  return new Promise<Delivery>((resolve) => {
    let settled = false;
    let unregister: (() => void) | undefined;
    const done = (cut: StreamCut, cutReason?: string) => {
      if (settled) return;
      settled = true;
      unregister?.();
      out.offClose(onClientClose);
      if (cut !== 'client' && !out.closed) write(pipe.flush());
      // A complete reply whose every frame is a closing one (a Gemini function call or an empty
      // text goes out whole at the end) was still served: it is delivered, so it is billed.
      const complete = cut === null && !out.closed;
      if (complete && firstByteMs < 0) firstByteMs = Math.round(performance.now() - started);
      const close = async (usage: Usage, beforeEnd?: () => Promise<unknown>) => {
        if (out.closed || out.ended) return;
        if (cut !== null) {
          out.end(pipe.fail(cutError(cut, cutReason ?? 'connection closed')));
          return;
        }
        const frames = pipe.end(usage);
        await beforeEnd?.();
        out.end(frames);
      };
      resolve({
        usage: pipe.usage,
        text: pipe.text,
        cut,
        ...(cutReason ? { cutReason } : {}),
        firstByteMs,
        delivered: complete || firstByteMs >= 0,
        close,
      });
    };
    const onClientClose = () => {
      if (!out.finished) {
        response.destroy();
        done('client');
      }
    };
    out.onClose(onClientClose);
    unregister = out.liveStreams?.add(() => {
      done('shutdown', SHUTDOWN_CUT_REASON);
      response.destroy();
      // The error event goes out now, before the connections are closed (counting the delivered
      // text for the settlement may take longer); close() then has nothing left to write.
      if (!out.closed) out.end(pipe.fail(cutError('shutdown', SHUTDOWN_CUT_REASON)));
    });
    response.on('data', (chunk: string) => write(pipe.push(chunk)));
    response.once('end', () =>
      pipe.finished ? done(null) : done('upstream', 'the upstream ended without finishing'),
    );
    response.once('error', (error) =>
      out.closed ? done('client') : done('upstream', error.message),
    );
    response.once('close', () => {
      if (!response.complete) done(out.closed ? 'client' : 'upstream', 'connection closed');
    });
  });
}
