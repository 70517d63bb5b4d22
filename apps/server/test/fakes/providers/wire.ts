// What every protocol fake answers with: the same words and token counts in each provider's own
// shape, so tests can compare across providers. Tools: a request with tools gets one call.
import type { ServerResponse } from 'node:http';

export const REPLY_PIECES = ['Hello', ' from', ' the', ' provider'];
export const REPLY_TEXT = REPLY_PIECES.join('');
export const PROMPT_TOKENS = 11;
export const COMPLETION_TOKENS = 7;
export const TOOL_CALL = { name: 'get_weather', arguments: '{"city":"Paris"}' };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): true {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return true;
}

/** Writes SSE events (`event` optional) one by one and ends the response. */
export function sendSse(
  res: ServerResponse,
  events: { event?: string; data: string; extra?: string }[],
): true {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data, extra } of events) {
    res.write(
      `${event ? `event: ${event}\n` : ''}${data
        .split('\n')
        .map((line) => `data: ${line}`)
        .join('\n')}\n${extra ?? ''}\n`,
    );
  }
  res.end();
  return true;
}

/** A request whose last message says this is answered with the provider's rate-limit error. */
export const FLOOD = 'flood';

/** The text of the last message of a body's messages list (any provider's field names). */
export function lastText(messages: unknown): string {
  const list = Array.isArray(messages) ? messages : [];
  const last = (list.at(-1) ?? {}) as Record<string, unknown>;
  return String(last.content ?? last.Content ?? '');
}

export const bearer = (headers: Record<string, unknown>): string =>
  String(headers.authorization ?? '').replace(/^Bearer\s+/i, '');

export const wantsTools = (body: Record<string, unknown> | undefined): boolean =>
  Array.isArray(body?.tools) && body.tools.length > 0;
