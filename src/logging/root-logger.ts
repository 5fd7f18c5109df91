import pino, { DestinationStream, Level, Logger } from 'pino';
import type { LogLevel } from '../config/environment';

/** LOG_LEVEL (Nest's names) → pino's levels. */
const PINO_LEVELS: Record<LogLevel, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Secrets that must never reach a log line, wherever a serializer or a caller might put them:
 * credentials in headers and any `password` field (event/venue read passwords, login passwords).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  '*.*.password',
];

/** The process's JSON logger (stdout, one object per line) unless a destination is given (tests). */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level: PINO_LEVELS[level],
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
