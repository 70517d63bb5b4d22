// What the console may show of an upstream's failure (model list, balance, channel test): the
// status and the message of the upstream's JSON error, with the channel's key masked. Never the
// raw body: a channel pointed at an internal page would read that page into the admin's console.

/** Longest upstream message shown. */
const MAX_MESSAGE = 300;
/** Key parts shorter than this are not masked (they would mask ordinary words). */
const MIN_SECRET = 6;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message of an error reply in the usual JSON shapes, or undefined (not JSON, no message). */
function jsonErrorMessage(raw: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const root: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!isRecord(root)) return undefined;
  const inner = root.error ?? root;
  if (typeof inner === 'string') return inner;
  if (!isRecord(inner)) return undefined;
  const message = inner.message ?? inner.msg;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The text with the key, and each part of a composite key (`ak|sk`, one per line), masked. */
export function maskKey(text: string, key: string): string {
  const parts = [key, ...key.split(/[\s|,:]+/)].filter((part) => part.length >= MIN_SECRET);
  parts.sort((a, b) => b.length - a.length);
  return parts.reduce((masked, part) => masked.split(part).join('***'), text);
}

/** `HTTP <status>`, and `: <message>` when the reply is a JSON error with one. */
export function upstreamFailureText(status: number, raw: string, key: string): string {
  const message = jsonErrorMessage(raw);
  if (message === undefined) return `HTTP ${status}`;
  return `HTTP ${status}: ${maskKey(message, key).slice(0, MAX_MESSAGE)}`;
}
