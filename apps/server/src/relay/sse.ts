// Incremental Server-Sent Events reader: text chunks in, complete events (data + event name) out.

export interface SseEvent {
  event: string;
  data: string;
}

export class SseReader {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const end = this.buffer.indexOf('\n', start);
      if (end === -1) break;
      let line = this.buffer.slice(start, end);
      start = end + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event, data: this.data.join('\n') });
        this.event = '';
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
      } else if (line.startsWith('event:')) {
        this.event = line.slice(6).trim();
      }
    }
    this.buffer = this.buffer.slice(start);
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
