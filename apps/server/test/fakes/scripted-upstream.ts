// A fake provider on 127.0.0.1 that answers each request with what the test scripted for its
// path: a JSON body (any status) or SSE frames, optionally cut after some frames. It records
// every request (path, query, headers, parsed body) so a test can assert what the gateway sent.
import type { IncomingHttpHeaders } from 'node:http';
import { readBody, requestLine, startLoopbackServer } from './loopback-server';

export interface ScriptedReply {
  status?: number;
  json?: unknown;
  /** SSE frames, each written as given (include the blank line). */
  frames?: string[];
  /** NDJSON lines (Ollama). */
  lines?: unknown[];
  /** Destroy the connection after this many frames. */
  cutAfter?: number;
}

export interface ScriptedRequest {
  method: string;
  path: string;
  search: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  raw: string;
}

export interface ScriptedUpstream {
  url: string;
  requests: ScriptedRequest[];
  /** The reply for requests whose path (without the query) ends with `suffix`; latest wins. */
  script(
    suffix: string,
    reply: ScriptedReply | ((request: ScriptedRequest) => ScriptedReply),
  ): void;
  close(): Promise<void>;
}

/** An SSE frame of a JSON payload, with an event name when given. */
export const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const requests: ScriptedRequest[] = [];
  const scripts: [string, ScriptedReply | ((request: ScriptedRequest) => ScriptedReply)][] = [];
  const { url: serverUrl, close } = await startLoopbackServer(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // Kept as text.
    }
    const recorded: ScriptedRequest = { ...requestLine(req), body, raw };
    requests.push(recorded);
    const found = [...scripts].reverse().find(([suffix]) => recorded.path.endsWith(suffix));
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no script for ${recorded.path}` } }));
      return;
    }
    const reply = typeof found[1] === 'function' ? found[1](recorded) : found[1];
    if (reply.frames || reply.lines) {
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.lines ? 'application/x-ndjson' : 'text/event-stream',
      });
      const items = reply.frames ?? (reply.lines ?? []).map((line) => `${JSON.stringify(line)}\n`);
      for (const [index, item] of items.entries()) {
        if (reply.cutAfter !== undefined && index >= reply.cutAfter) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          res.destroy();
          return;
        }
        res.write(item);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.json ?? {}));
  });
  return {
    url: serverUrl,
    requests,
    script: (suffix, reply) => scripts.push([suffix, reply]),
    close,
  };
}
