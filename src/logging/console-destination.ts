import pino, { DestinationStream } from 'pino';
import type { LogFormat } from '../config/environment';

/** `auto` picks readable lines for a person at a terminal, JSON lines for everything else. */
export function effectiveLogFormat(format: LogFormat, stdoutIsTerminal: boolean): 'json' | 'pretty' {
  return format === 'auto' ? (stdoutIsTerminal ? 'pretty' : 'json') : format;
}

/** Where the process's log lines go: stdout, as JSON lines or as readable ones. */
export function consoleDestination(format: LogFormat): DestinationStream {
  const sync = pino.destination({ dest: 1, sync: true });
  if (effectiveLogFormat(format, process.stdout.isTTY === true) === 'json') return sync;
  return { write: (line: string) => void sync.write(readableLine(line)) };
}

/** Keys every line has, or that the readable line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'context', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'stack']);

/** One pino JSON line as `12:00:01.234 INFO  [Context] message (3 ms)`, with a stack below when there is one. */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof record.time === 'string' ? localTime(new Date(record.time)) : '';
  const level = String(record.level ?? '')
    .toUpperCase()
    .padEnd(5);
  const context = typeof record.context === 'string' ? ` [${record.context}]` : '';
  const took = typeof record.responseTime === 'number' ? ` (${record.responseTime} ms)` : '';
  const extra = Object.fromEntries(Object.entries(record).filter(([key]) => !SHOWN.has(key)));
  const extras = Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : '';
  const err = record.err as { stack?: string } | undefined;
  const stack = err?.stack ?? (typeof record.stack === 'string' ? record.stack : undefined);
  return `${time} ${level}${context} ${String(record.msg ?? '')}${took}${extras}\n${stack ? `${stack}\n` : ''}`;
}

/** `HH:MM:SS.mmm` in the machine's time zone, as a person at its terminal reads the clock. */
function localTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
