// CPU time per request of each process a bench row keeps busy: the service, the database server (a
// local MariaDB/MySQL; SQLite runs inside the service) and the load generator. With the machine's
// cores it gives the row's CPU bound: the req/s these costs allow if nothing else ran, every core
// stayed busy and the service's one main thread too — what says whether a target is within reach of
// the road as it is (docs/performance.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process so far, in ms; undefined when it cannot be read (not Linux, gone). */
export function cpuMs(pid) {
  if (!pid) return undefined;
  try {
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The PID of the local MariaDB/MySQL server when `databaseUrl` names this machine, else undefined. */
export function localDatabasePid(databaseUrl) {
  if (!databaseUrl.startsWith('mysql')) return undefined;
  const host = new URL(databaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return undefined;
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      return Number(execFileSync('pgrep', ['-xo', name]).toString().trim()) || undefined;
    } catch {
      // not running under that name
    }
  }
  return undefined;
}

/**
 * A row's CPU per request (ms) and the req/s that CPU allows: all processes together on this machine's
 * cores, and the service alone on one core — it is one Node process, whose JavaScript (and SQLite's
 * statements) run on its one main thread. The bound is the lower of the two.
 */
export function cpuPerRequest({ service, database, generator }, requests) {
  if (!requests || service === undefined) return undefined;
  const per = (ms) => (ms === undefined ? undefined : Math.round((ms / requests) * 1000) / 1000);
  const split = { service: per(service), database: per(database), generator: per(generator) };
  const total = (split.service ?? 0) + (split.database ?? 0) + (split.generator ?? 0);
  const bounds = [total > 0 ? (os.cpus().length * 1000) / total : Infinity, split.service > 0 ? 1000 / split.service : Infinity];
  const bound = Math.min(...bounds);
  return { ...split, cores: os.cpus().length, bound: Number.isFinite(bound) ? Math.round(bound) : undefined };
}
