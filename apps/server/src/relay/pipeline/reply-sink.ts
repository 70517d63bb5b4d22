// Where the pipeline writes its answer: a small interface instead of the web framework's reply,
// so the stages know nothing of Fastify (relay/http/reply-sink.ts adapts Fastify's reply to it).
import type { StreamRegistry } from '../../ops/live-streams';

export interface ReplySink {
  /** Sets a header of the reply's head (before it is sent). */
  header(name: string, value: string): void;
  /** Sets several headers of the reply's head (before it is sent). */
  headers(values: Readonly<Record<string, string>>): void;
  /** A whole reply: the status, its content type and body, with the headers set so far. */
  send(status: number, contentType: string, body: Buffer | string): Promise<void>;
  /**
   * Starts a streamed reply: the head goes out at once with the headers set so far (the CORS and
   * request id headers hooks set included) and `headers`; the body follows through write/end.
   */
  startStream(status: number, headers: Readonly<Record<string, string>>): void;
  /**
   * Writes a piece of the stream; false when the client's buffer is full (see onDrain). Pieces
   * written in one turn of the event loop may go out together at its end (or with `end`).
   */
  write(chunk: string): boolean;
  /** Ends the stream, with its last piece. */
  end(chunk?: string): void;
  /** Calls `listener` once when the client's buffer has room again. */
  onDrain(listener: () => void): void;
  /** Calls `listener` once when the connection to the client closes (answered or gone). */
  onClose(listener: () => void): void;
  offClose(listener: () => void): void;
  /** The pipeline answers nothing more (its client went away): the sink writes no error. */
  abandon(): void;
  /** Every byte of the reply was handed to the operating system. */
  readonly finished: boolean;
  /** The reply was ended (it may still be on its way). */
  readonly ended: boolean;
  /** The connection is gone: nothing more can be written. */
  readonly closed: boolean;
  /** Streams being delivered, which a shutdown cuts with their dialect's error event. */
  readonly liveStreams: StreamRegistry | undefined;
}
