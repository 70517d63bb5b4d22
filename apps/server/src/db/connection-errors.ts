// Which database errors mean "the database or the link to it is gone for now" (a restart, a
// fail-over, a killed connection, a deadlock victim, a full or read-only disk) rather than "this
// statement is wrong": the former are worth retrying later and answer 503, the latter are bugs or
// bad rows.

/** Node socket errors and the drivers' own codes for a lost or refused connection. */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_INTERRUPTED',
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  // PostgreSQL SQLSTATEs: admin/crash shutdown, cannot connect now, connection exceptions,
  // serialization failure and deadlock.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  '40001',
  '40P01',
  // No room or no write access (the disk filled up, a fail-over left a read-only server): the
  // write succeeds once space or the primary is back. PostgreSQL disk_full, out of memory,
  // read-only transaction; MariaDB's full table or disk and --read-only; the OS's own codes.
  '53100',
  '53200',
  '25006',
  'ER_RECORD_FILE_FULL',
  'ER_DISK_FULL',
  'ER_OPTION_PREVENTS_STATEMENT',
  'ENOSPC',
  'EROFS',
  'EDQUOT',
]);

/**
 * SQLite's extended codes by family: locked by another writer for longer than busy_timeout
 * (SQLITE_BUSY_*), the disk full, the file read-only (SQLITE_READONLY_*) or failing to write
 * (SQLITE_IOERR_*, e.g. a write past the end of a full disk).
 */
const TRANSIENT_SQLITE = /^SQLITE_(BUSY|FULL|READONLY|IOERR)/;

/** Messages of drivers that throw plain errors for a closed connection. */
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /connection is in closed state/i,
  /can't add new command when connection is in closed state/i,
  /connection lost/i,
  /server closed the connection/i,
  /timeout exceeded when trying to connect/i,
  /pool is closed/i,
];

/** True when the error means the database is unreachable for now (retry later, answer 503). */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || TRANSIENT_SQLITE.test(code))) {
      return true;
    }
    if (
      typeof message === 'string' &&
      TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
