// JSON calls to drawing and music upstreams (submit, fetch), with a time limit.

import type { ChannelRow } from '../relay/relay.repository';
import { redactKey, secretsOf } from '../relay/transport/redact';
import { readBody, sendUpstream } from '../relay/transport/upstream';

export const UPSTREAM_TIMEOUT_MS = 30_000;

export interface JsonReply {
  status: number;
  body: unknown;
  text: string;
}

/** The channel's base URL with the path appended (a trailing slash on the base is ignored). */
export function upstreamUrl(channel: ChannelRow, path: string): URL {
  const base = (channel.base_url ?? '').replace(/\/+$/, '');
  return new URL(`${base}${path}`);
}

export const postJson = (url: URL, body: unknown, headers: Record<string, string>) =>
  callJson(url, headers, JSON.stringify(body));

export const getJson = (url: URL, headers: Record<string, string>) => callJson(url, headers);

async function callJson(
  url: URL,
  headers: Record<string, string>,
  body?: string,
): Promise<JsonReply> {
  const response = await sendUpstream(
    {
      url,
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    },
    AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  );
  // The headers given are the channel's credentials: never in what the caller or a log sees.
  const text = redactKey(
    (await readBody(response)).toString('utf8'),
    Object.values(headers).flatMap(secretsOf),
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode ?? 0, body: parsed, text };
}

/** Header names each upstream expects its secret in. */
export const drawingAuth = (channel: ChannelRow) => ({ 'mj-api-secret': channel.key });
export const musicAuth = (channel: ChannelRow) => ({ authorization: `Bearer ${channel.key}` });

/** A JSON object from an upstream or a request body, or {} for anything else. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
