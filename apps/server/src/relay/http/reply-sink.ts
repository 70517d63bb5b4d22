// Fastify's reply as the pipeline's ReplySink (pipeline/reply-sink.ts). A whole reply goes
// through Fastify's send (its onSend hooks run); a stream takes the raw response over (hijack),
// its head carrying the headers hooks set.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { StreamRegistry } from '../../ops/live-streams';
import type { ReplySink } from '../pipeline/reply-sink';

class FastifyReplySink implements ReplySink {
  constructor(private readonly reply: FastifyReply) {}

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
    return this.reply.raw.write(chunk);
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
