// Incremental Server-Sent Events reader: text chunks in, complete events (data + event name) out.

export interface SseEvent {
  event: string;
  data: string;
}

export class SseReader {
  private buffer = '';
  private event = '';
  /** The event's data lines so far, joined by newlines; null before its first. */
  private data: string | null = null;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    // Lines are read in place (no slice per line): a stream is a few dozen events a reply.
    const buffer = this.buffer + chunk;
    const events: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const end = buffer.indexOf('\n', start);
      if (end === -1) break;
      const stop = end > start && buffer.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (stop === start) {
        if (this.data !== null) events.push({ event: this.event, data: this.data });
        this.event = '';
        this.data = null;
      } else if (buffer.startsWith('data:', start)) {
        const line = buffer.slice(start + (buffer.charCodeAt(start + 5) === 32 ? 6 : 5), stop);
        this.data = this.data === null ? line : `${this.data}\n${line}`;
      } else if (buffer.startsWith('event:', start)) {
        this.event = buffer.slice(start + 6, stop).trim();
      }
      start = end + 1;
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    return events;
  }

  /** Whatever complete data line is left when the stream ends without a blank line. */
  flush(): SseEvent[] {
    const events = this.push('\n\n');
    this.buffer = '';
    return events;
  }
}

export const sseFrame = (data: string): string => `data: ${data}\n\n`;

/** Newline-delimited JSON streams (Ollama's native API): one event per non-empty line. */
export class NdjsonReader {
  private buffer = '';

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    return lines.filter((line) => line.trim() !== '').map((line) => ({ event: '', data: line }));
  }

  flush(): SseEvent[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [{ event: '', data: rest }] : [];
  }
}

/** What a streamed reply is framed as. */
export type StreamFraming = 'sse' | 'ndjson';

export const streamReader = (framing: StreamFraming = 'sse'): SseReader | NdjsonReader =>
  framing === 'ndjson' ? new NdjsonReader() : new SseReader();
