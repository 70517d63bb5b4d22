// Channel rules the server and the console share (spec §5, §9): limits, list parsing, JSON maps,
// the response-time colour bands. No zod here: this is in the console's first load.

export const CHANNEL_PRIORITY_MIN = -999;
export const CHANNEL_WEIGHT_MIN = 0;
/** Page sizes of the channel list (spec §9); the server refuses larger pages. */
export const CHANNEL_PAGE_SIZE_MAX = 100;

/** Splits a comma list (models, groups): trimmed, without empties or repeats, order kept. */
export function splitList(text: string | null | undefined): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

/** Batch create: one key per non-empty line (spec §5). */
export function splitKeys(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Removes trailing slashes from a base URL (spec §5). */
export const trimBaseUrl = (url: string): string => url.trim().replace(/\/+$/, '');

/**
 * True for an empty text or a JSON object whose values are strings (model mapping, status code
 * mapping). Arrays, numbers and nested objects are refused.
 */
export function isJsonStringMap(text: string | null | undefined): boolean {
  if (!text || text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((item) => typeof item === 'string')
    );
  } catch {
    return false;
  }
}

/** Spec §9 colour bands of a channel's last response time (ms; 0 means never tested). */
export type ResponseTimeBand = 'untested' | 'green' | 'lime' | 'yellow' | 'red';

export function responseTimeBand(ms: number): ResponseTimeBand {
  if (ms <= 0) return 'untested';
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}

/** Examples the editor shows (spec §9). */
export const MODEL_MAPPING_EXAMPLE = JSON.stringify(
  {
    'gpt-3.5-turbo-0301': 'gpt-3.5-turbo',
    'gpt-4-0314': 'gpt-4',
    'gpt-4-32k-0314': 'gpt-4-32k',
  },
  null,
  2,
);
export const STATUS_CODE_MAPPING_EXAMPLE = JSON.stringify({ '400': '500' }, null, 2);
