// Transport helpers for adapters with their own `send`: a response the pipeline reads like any
// upstream reply (made from WebSocket frames, SDK output or a rewritten HTTP body), and the
// provider errors that arrive as HTTP 200 turned into real statuses.
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { UPSTREAM_ERROR_TYPE } from '../relay-errors';
import {
  readBody,
  sendUpstream,
  type UpstreamCancel,
  type UpstreamRequest,
} from '../transport/upstream';

export interface ResponseWriter {
  response: IncomingMessage;
  write(chunk: string | Buffer): void;
  end(): void;
  /** Breaks the reply off (the pipeline sees an upstream that closed early). */
  fail(error: Error): void;
}

/**
 * An IncomingMessage fed by the adapter. `onClose` runs when the pipeline is done with it or
 * destroys it (a client that went away), so the adapter can close its own transport.
 */
export function syntheticResponse(
  status: number,
  contentType: string,
  onClose?: () => void,
): ResponseWriter {
  const response = new IncomingMessage(new Socket());
  response.statusCode = status;
  response.headers = { 'content-type': contentType };
  if (onClose) response.once('close', onClose);
  return {
    response,
    write: (chunk) => {
      if (!response.destroyed) response.push(chunk);
    },
    end: () => {
      if (response.destroyed || response.complete) return;
      response.complete = true;
      response.push(null);
    },
    fail: (error) => {
      if (!response.destroyed && !response.complete) response.destroy(error);
    },
  };
}

/** A whole reply of one JSON body. */
export function jsonResponse(status: number, body: unknown): IncomingMessage {
  const writer = syntheticResponse(status, 'application/json');
  writer.write(typeof body === 'string' ? body : JSON.stringify(body));
  writer.end();
  return writer.response;
}

/** An error the gateway reports for the provider, in OpenAI's error shape. */
export function errorResponse(
  status: number,
  message: string,
  code: string | number | null = null,
  type = UPSTREAM_ERROR_TYPE,
): IncomingMessage {
  return jsonResponse(status, {
    error: { message, type, param: null, code: code === null ? null : String(code) },
  });
}

/** Failures of the provider's credentials: the status that feeds the auto-disable rules. */
export const AUTH_FAILED = 401;

/**
 * For providers that answer errors with HTTP 200 and a JSON body (also on streams): sends the
 * request and, when the reply is JSON, reads it and asks `errorOf` whether it is an error; an
 * error becomes a reply with its real status, anything else is handed on unchanged.
 */
export async function sendCheckingJson(
  request: UpstreamRequest,
  cancel: UpstreamCancel,
  errorOf: (body: unknown, status: number) => IncomingMessage | null,
): Promise<IncomingMessage> {
  return checkJson(await sendUpstream(request, cancel), errorOf);
}

/** The JSON check of sendCheckingJson on a response already received. */
export async function checkJson(
  response: IncomingMessage,
  errorOf: (body: unknown, status: number) => IncomingMessage | null,
): Promise<IncomingMessage> {
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.includes('json')) return response;
  const raw = await readBody(response);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const error = errorOf(parsed, response.statusCode ?? 0);
  if (error) return error;
  const writer = syntheticResponse(response.statusCode ?? 0, contentType);
  writer.write(raw);
  writer.end();
  return writer.response;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed JSON of a reply body, or an empty object. */
export function parseJson<T>(raw: Buffer | string): Partial<T> {
  try {
    const parsed: unknown = JSON.parse(raw.toString());
    return isRecord(parsed) ? (parsed as Partial<T>) : {};
  } catch {
    return {};
  }
}

/** Splits a composite channel key (`a|b|c`); missing parts are empty strings. */
export function keyParts(key: string, separator: string, count: number): string[] {
  const parts = key.split(separator);
  if (parts.length > count) {
    // The last part may itself contain the separator (secrets with `-`).
    parts.splice(count - 1, parts.length, parts.slice(count - 1).join(separator));
  }
  return Array.from({ length: count }, (_, index) => (parts[index] ?? '').trim());
}
