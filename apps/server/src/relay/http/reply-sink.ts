// Fastify's reply as the pipeline's ReplySink (pipeline/reply-sink.ts). A whole reply goes
// through Fastify's send (its onSend hooks run); a stream takes the raw response over (hijack),
// its head carrying the headers hooks set.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { StreamRegistry } from '../../ops/live-streams';
import type { ReplySink } from '../pipeline/reply-sink';

/**
 * A stream's first pieces (its head and what the upstream's first read brought) are held, the
 * socket corked, until the end of that turn of the event loop, and go out together. Node's own
 * cork lasts only until the next tick, which comes before the stream's end when the upstream's
 * whole reply arrived in one read: the closing frames then left in a second `writev`, and on
 * loopback each one costs the kernel a delivery (a third of a stream's socket writes, profile of
 * bench/relay at c=50). `end` uncorks fully, so a reply that ends in its first turn goes out in
 * one write. Only the first turn is held: a long stream's later pieces go out as before, so a
 * client that stops reading holds no more of it than the socket's buffer.
 */
function releaseHeld(sink: FastifyReplySink): void {
  const raw: ServerResponse = sink.raw;
  if (!raw.writableEnded && !raw.destroyed) raw.uncork();
}

class FastifyReplySink implements ReplySink {
  /** The stream's first turn was held (releaseHeld). */
  private held = false;

  constructor(private readonly reply: FastifyReply) {}

  get raw(): ServerResponse {
    return this.reply.raw;
  }

  header(name: string, value: string): void {
    this.reply.header(name, value);
  }

  headers(values: Readonly<Record<string, string>>): void {
    this.reply.headers(values);
  }

  async send(status: number, contentType: string, body: Buffer | string): Promise<void> {
    await this.reply.code(status).header('content-type', contentType).send(body);
  }

  startStream(status: number, headers: Readonly<Record<string, string>>): void {
    this.reply.hijack();
    this.reply.raw.writeHead(status, {
      ...(this.reply.getHeaders() as OutgoingHttpHeaders),
      ...headers,
    });
  }

  write(chunk: string): boolean {
    const { raw } = this.reply;
    if (!this.held) {
      this.held = true;
      raw.cork();
      setImmediate(releaseHeld, this);
    }
    return raw.write(chunk);
  }

  end(chunk?: string): void {
    this.reply.raw.end(chunk);
  }

  onDrain(listener: () => void): void {
    this.reply.raw.once('drain', listener);
  }

  onClose(listener: () => void): void {
    this.reply.raw.once('close', listener);
  }

  offClose(listener: () => void): void {
    this.reply.raw.off('close', listener);
  }

  abandon(): void {
    if (!this.reply.sent) this.reply.hijack();
  }

  get finished(): boolean {
    return this.reply.raw.writableFinished;
  }

  get ended(): boolean {
    return this.reply.raw.writableEnded;
  }

  get closed(): boolean {
    return this.reply.raw.destroyed;
  }

  get liveStreams(): StreamRegistry | undefined {
    return this.reply.server.ops?.streams;
  }
}

/** The pipeline's view of a Fastify reply. */
export const replySink = (reply: FastifyReply): ReplySink => new FastifyReplySink(reply);
