// Log content as a template key with its values, rendered in the reader's language when read
// (the log list, the CSV export), not text fixed in one language when written. A row written
// before holds plain text, which is shown as it is.
import type { Language } from '@switchyard/contracts';
import { type MessageKey, type MessageParams, translate } from './index';
import { zh } from './zh';

export type LogPart = [MessageKey, MessageParams?];
type Part = LogPart;

/** Stored form: `{"$log":[["relay.logRatio",{…}],["relay.logCut"]]}` — parts joined when rendered. */
export function logParts(...parts: LogPart[]): string {
  return JSON.stringify({ $log: parts });
}

/** One template's stored form. */
export const logContent = (key: MessageKey, params?: MessageParams): string =>
  logParts(params ? [key, params] : [key]);

const isPart = (value: unknown): value is Part =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  value[0] in zh &&
  (value[1] === undefined || (typeof value[1] === 'object' && value[1] !== null));

/** The content in `language`: a template rendered, anything else as stored. */
export function renderLogContent(content: string, language: Language): string {
  if (!content.startsWith('{"$log":')) return content;
  try {
    const parts = (JSON.parse(content) as { $log?: unknown }).$log;
    if (!Array.isArray(parts) || !parts.every(isPart)) return content;
    return parts.map(([key, params]) => translate(language, key, params)).join('');
  } catch {
    return content;
  }
}
