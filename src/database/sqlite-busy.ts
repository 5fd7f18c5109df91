import { setTimeout as sleep } from 'node:timers/promises';

/** The file is locked by another connection (another process: a second instance, the CLI). */
export function isSqliteBusy(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  const code = e.driverError?.code ?? e.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs one SQLite statement, again while another process holds the file's write lock, until
 * `deadline` (epoch ms); then its SQLITE_BUSY error is thrown (a 503, database-errors.ts). The
 * driver is synchronous: SQLite's own busy wait (`busy_timeout`) would stop this whole process, so
 * it is 0 (data-source-options.ts) and the waiting happens here, between attempts, without blocking.
 * A statement that failed with SQLITE_BUSY did nothing, so running it again is safe.
 */
export async function retryingBusy<T>(statement: () => Promise<T>, deadline: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
      // Short, growing, jittered pauses: a CLI write holds the lock for milliseconds.
      await sleep(Math.min(Math.random() * 2 ** Math.min(attempt, 6), deadline - Date.now()));
    }
  }
}
