// A client that announces a body and sends only part of it over a raw socket: what the server
// answers before the body is complete, and whether it closes the connection.
import { connect, type Socket } from 'node:net';

export interface PartialUpload {
  socket: Socket;
  /** The first bytes of the answer (status line and headers at least), with when they came. */
  answer: Promise<{ text: string; ms: number }>;
  /** Resolves when the server closed the connection (or the socket failed). */
  closed: Promise<void>;
  /** Bytes of the body written before the server answered or closed. */
  written(): number;
}

export interface UploadOptions {
  path: string;
  headers: Record<string, string>;
  /** The Content-Length announced. */
  announce: number;
  /** How much of it to send (the rest is held back). */
  send: number;
  /** The body's first bytes (the rest of what is sent is filler). */
  body?: string;
  chunk?: number;
}

/** Opens a socket, sends the head and `send` bytes of the body, and watches the answer. */
export function partialUpload(port: number, options: UploadOptions): PartialUpload {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  let written = 0;
  let stopped = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => {
    stopped = true;
  });
  const answer = new Promise<{ text: string; ms: number }>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      if (complete(received)) {
        stopped = true;
        resolve({ text: received, ms: Date.now() - started });
      }
    });
    void closed.then(() =>
      received
        ? resolve({ text: received, ms: Date.now() - started })
        : reject(new Error('closed unanswered')),
    );
  });
  // A held upload the test destroys itself never answers: that is not an unhandled failure.
  answer.catch(() => undefined);
  const head = [
    `POST ${options.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Length: ${options.announce}`,
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const chunk = Buffer.alloc(options.chunk ?? 1024 * 1024, 0x61);
  const pump = () => {
    while (!stopped && written < options.send) {
      const size = Math.min(chunk.length, options.send - written);
      written += size;
      if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        socket.once('drain', pump);
        return;
      }
    }
  };
  socket.once('connect', () => {
    socket.write(head);
    if (options.body) {
      socket.write(options.body);
      written += Buffer.byteLength(options.body);
    }
    pump();
  });
  return { socket, answer, closed, written: () => written };
}

/** Whether a raw answer holds its head and its whole Content-Length body. */
function complete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  return !length || text.length - end - 4 >= Number(length[1]);
}

/** The JSON body of a raw HTTP/1.1 answer (Content-Length framed). */
export function bodyOf(text: string): unknown {
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return JSON.parse(body);
}
