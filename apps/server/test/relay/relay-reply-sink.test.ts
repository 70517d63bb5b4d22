// The pipeline's delivery writes to a ReplySink, not to Fastify's reply (issue 30): a stream is
// delivered to an in-memory sink here, with its head, backpressure, closing frames and a client
// that leaves (no server, no database).
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ReplyText } from '../../src/relay/canonical/reply-text';
import type { StreamPipe } from '../../src/relay/pipeline/relay-attempt';
import { deliverStream } from '../../src/relay/pipeline/relay-delivery';
import type { ReplySink } from '../../src/relay/pipeline/reply-sink';

/** A sink that keeps what it is given; `full` makes write() report a full buffer. */
class MemorySink implements ReplySink {
  head: { status: number; headers: Record<string, string> } | null = null;
  readonly chunks: string[] = [];
  set: Record<string, string> = {};
  full = false;
  finished = false;
  ended = false;
  closed = false;
  readonly liveStreams = undefined;
  private drains: (() => void)[] = [];
  private closes: (() => void)[] = [];

  header(name: string, value: string) {
    this.set[name] = value;
  }
  headers(values: Readonly<Record<string, string>>) {
    Object.assign(this.set, values);
  }
  async send() {
    throw new Error('a stream is not sent whole');
  }
  startStream(status: number, headers: Readonly<Record<string, string>>) {
    this.head = { status, headers: { ...this.set, ...headers } };
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return !this.full;
  }
  end(chunk?: string) {
    if (chunk) this.chunks.push(chunk);
    this.ended = true;
    this.finished = true;
  }
  onDrain(listener: () => void) {
    this.drains.push(listener);
  }
  onClose(listener: () => void) {
    this.closes.push(listener);
  }
  offClose(listener: () => void) {
    this.closes = this.closes.filter((other) => other !== listener);
  }
  abandon() {}

  drain() {
    this.full = false;
    for (const listener of this.drains.splice(0)) listener();
  }
  /** The client goes away. */
  leave() {
    this.closed = true;
    for (const listener of this.closes.splice(0)) listener();
  }
}

/** Upper-cases what comes in; finished once the upstream sent DONE. */
function upperPipe(): StreamPipe {
  const text = new ReplyText();
  let finished = false;
  return {
    push(chunk) {
      if (chunk.includes('DONE')) finished = true;
      text.add(chunk);
      return chunk.toUpperCase();
    },
    flush: () => '',
    end: (usage) => `end ${usage.promptTokens}+${usage.completionTokens}`,
    fail: (error) => `error ${error.code}`,
    usage: undefined,
    text,
    get finished() {
      return finished;
    },
  };
}

const upstream = () => new PassThrough() as PassThrough & { complete: boolean };

describe('deliverStream to a ReplySink', () => {
  it('sends the head with the headers set before it, the frames, then the closing frames', async () => {
    const sink = new MemorySink();
    sink.header('access-control-allow-origin', '*');
    const response = upstream();
    const delivering = deliverStream(sink, response as unknown as IncomingMessage, upperPipe(), 0);
    response.write('a');
    response.write('b DONE');
    response.complete = true;
    response.end();
    const delivery = await delivering;
    expect(sink.head).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'access-control-allow-origin': '*',
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
      }),
    });
    expect(delivery).toMatchObject({ cut: null, delivered: true });
    await delivery.close?.({ promptTokens: 3, completionTokens: 2 });
    expect(sink.chunks).toEqual(['A', 'B DONE', 'end 3+2']);
    expect(sink.ended).toBe(true);
  });

  it('pauses the upstream while the sink is full and resumes it on drain', async () => {
    const sink = new MemorySink();
    const response = upstream();
    const delivering = deliverStream(sink, response as unknown as IncomingMessage, upperPipe(), 0);
    sink.full = true;
    response.write('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(response.isPaused()).toBe(true);
    sink.drain();
    expect(response.isPaused()).toBe(false);
    response.write('DONE');
    response.complete = true;
    response.end();
    expect((await delivering).cut).toBeNull();
  });

  it('is cut for the client when the sink closes before the stream ended', async () => {
    const sink = new MemorySink();
    const response = upstream();
    const delivering = deliverStream(sink, response as unknown as IncomingMessage, upperPipe(), 0);
    response.write('a');
    await new Promise((resolve) => setImmediate(resolve));
    sink.leave();
    const delivery = await delivering;
    expect(delivery).toMatchObject({ cut: 'client', delivered: true });
    expect(response.destroyed).toBe(true);
    await delivery.close?.({ promptTokens: 1, completionTokens: 1 });
    expect(sink.chunks).toEqual(['A']);
  });
});
