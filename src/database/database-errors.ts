import { RestError } from '../reasons/rest-error';

/** Driver error codes meaning the database cannot be reached (server down, connection cut, pool gone). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'POOL_CLOSED',
]);

/** SQLite result codes, extended ones included (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE, …). */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|IOERR|CANTOPEN)/;

/** Messages of mysql2 errors that carry no code (a command on a connection the server closed). */
const UNAVAILABLE_MESSAGES = [
  /connection is in closed state/i,
  /Connection is not established/i,
  /Pool is closed/i,
  /Connection lost/i,
  /connect ETIMEDOUT/i,
  /Timeout acquiring a connection/i,
];

/** InnoDB's answers to lock conflicts: the transaction was rolled back and may simply be run again. */
const CONFLICT_ERRNOS = new Set([1213 /* ER_LOCK_DEADLOCK */, 1205 /* ER_LOCK_WAIT_TIMEOUT */]);

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  fatal?: unknown;
  driverError?: DriverError;
}

function driverError(error: unknown): DriverError {
  const e = (error ?? {}) as DriverError;
  return e.driverError ?? e;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof RestError) return false;
  const e = driverError(error);
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_SQLITE.test(e.code))) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** The statement named a table the database does not have (MySQL ER_NO_SUCH_TABLE, SQLite's prepare error). */
export function isMissingTable(error: unknown): boolean {
  const e = driverError(error);
  return Number(e.errno) === 1146 || /no such table/i.test(typeof e.message === 'string' ? e.message : '');
}

export function isLockConflict(error: unknown): boolean {
  return CONFLICT_ERRNOS.has(Number(driverError(error).errno));
}

/**
 * MySQL strict mode refusing a value (too long for its column, a string the charset cannot hold, a
 * number or date out of range). WordPress would report `db_insert_error`; we answer 400 instead of
 * storing a cut or altered value.
 */
const REJECTED_VALUE_ERRNOS = new Set([1406 /* data too long */, 1366 /* incorrect string value */, 1264 /* out of range */, 1292 /* incorrect value */]);

function valueRejected(error: unknown): RestError | undefined {
  const e = driverError(error);
  if (!REJECTED_VALUE_ERRNOS.has(Number(e.errno))) return undefined;
  const column = /column '([^']+)'/.exec(String(e.message ?? ''))?.[1];
  return new RestError('db_insert_error', 'A value is too long or not valid for the database.', 400, column ? { column } : {});
}

export const DATABASE_UNAVAILABLE = 'rest_database_unavailable';

/** What a 503 `rest_database_unavailable` tells clients in Retry-After (seconds). */
export const RETRY_AFTER_SECONDS = 2;

/**
 * 503: the database is out of reach, or busy beyond the bounded wait for a connection or for SQLite's
 * write lock (ConnectionGate, sqlite-busy.ts). Nothing was written; the request may be sent again.
 */
export function databaseUnavailable(): RestError {
  return new RestError(DATABASE_UNAVAILABLE, 'The database is unavailable; try again shortly.', 503);
}

/** The error to report for a failed database call: 503 when the database is out of reach, 400 for a refused value. */
export function asDatabaseError(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? databaseUnavailable() : (valueRejected(error) ?? error);
}
