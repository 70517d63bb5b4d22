// Reading a source value whatever the engine handed back (bigint strings, 0/1 or true/false,
// DATETIME text or Date objects) as the number, text or flag a target column wants.
import type { SourceRow } from './source';

export function num(row: SourceRow, column: string, fallback = 0): number {
  const value = row[column];
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export const int = (row: SourceRow, column: string, fallback = 0): number =>
  Math.trunc(num(row, column, fallback));

export function text(row: SourceRow, column: string, fallback = ''): string {
  const value = row[column];
  if (value === null || value === undefined) return fallback;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** Text, or null when empty (unique columns: an empty string would collide). */
export function textOrNull(row: SourceRow, column: string): string | null {
  const value = text(row, column).trim();
  return value === '' ? null : value;
}

export function flag(row: SourceRow, column: string, fallback = false): 0 | 1 {
  const value = row[column];
  if (value === null || value === undefined) return fallback ? 1 : 0;
  if (typeof value === 'string') return value === '1' || value.toLowerCase() === 'true' ? 1 : 0;
  return Number(value) !== 0 ? 1 : 0;
}

/**
 * A GORM soft-delete (`deleted_at`, a DATETIME) as unix seconds, null when not deleted. SQLite
 * keeps it as text such as `2024-05-01 10:00:00.123456789+08:00`.
 */
export function deletedAt(row: SourceRow, column = 'deleted_at'): number | null {
  const value = row[column];
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (typeof value === 'number') return value > 1e11 ? Math.floor(value / 1000) : value;
  const normalised = String(value)
    .trim()
    .replace(' ', 'T')
    .replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(normalised);
  // A value that is set but unreadable still means "deleted"; the epoch says "when unknown".
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}
