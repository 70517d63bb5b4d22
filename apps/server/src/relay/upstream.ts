// Outbound HTTP to upstreams: node:http/https with keep-alive agents (one pool per protocol).
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });

export interface UpstreamRequest {
  url: URL;
  method?: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** An upstream that could not be reached or broke the connection before answering. */
export class UpstreamNetworkError extends Error {}

/**
 * Cancels the upstream calls of one relayed request when its client goes away: the call in
 * flight is destroyed (its reply too), later ones at once. Does what an AbortSignal does for
 * the relay, without an AbortController and its listeners on every request.
 */
export class UpstreamCancel {
  cancelled = false;
  private current: ClientRequest | null = null;

  cancel(): void {
    this.cancelled = true;
    this.current?.destroy(new Error('the client went away'));
  }

  attach(request: ClientRequest): void {
    this.current = request;
    if (this.cancelled) request.destroy(new Error('the client went away'));
  }
}

/**
 * Sends the request and resolves with the response head; the body is left to the caller to
 * stream. The signal (or cancel) aborts the request at any point (a client that went away).
 */
export function sendUpstream(
  request: UpstreamRequest,
  stop: AbortSignal | UpstreamCancel,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const body = request.body;
    const headers: Record<string, string | number> = { ...request.headers };
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const outgoing = (secure ? https : http).request(request.url, {
      method: request.method ?? 'POST',
      headers,
      agent: secure ? httpsAgent : httpAgent,
      ...(stop instanceof UpstreamCancel ? {} : { signal: stop }),
    });
    if (stop instanceof UpstreamCancel) stop.attach(outgoing);
    outgoing.once('response', resolve);
    outgoing.once('error', (error) => reject(new UpstreamNetworkError(error.message)));
    outgoing.end(body);
  });
}

/** Reads a whole (small) response body. */
export function readBody(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', (error) => reject(new UpstreamNetworkError(error.message)));
    response.once('aborted', () => reject(new UpstreamNetworkError('upstream closed the reply')));
  });
}
