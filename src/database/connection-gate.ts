import { databaseUnavailable } from './database-errors';
import { requestWaitDeadline } from './request-scope';

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * The bounded wait for a database connection (docs/operations.md "Reliability", DATABASE_POOL_WAIT_MS): at most
 * `permits` callers hold one at a time (the MySQL pool's size; 1 for SQLite's write lock); the others
 * wait their turn, first come first served, until their deadline. A caller still waiting then gets
 * the 503 `rest_database_unavailable` (with Retry-After): a burst waits instead of failing, and only a
 * database that cannot keep up sheds requests. mysql2's own queue is unbounded behind this gate.
 */
export class ConnectionGate {
  private free: number;
  /** Insertion-ordered: the first waiter is the oldest. */
  private readonly waiters = new Set<Waiter>();

  constructor(
    permits: number,
    readonly maxWaitMs: number,
  ) {
    this.free = permits;
  }

  /** Whether a caller would get a permit now, without waiting. */
  get idle(): boolean {
    return this.free > 0 && this.waiters.size === 0;
  }

  /** Runs `work` holding one permit; waits for it until `deadline` (epoch ms) at most. */
  async run<T>(work: () => Promise<T>, deadline = requestWaitDeadline(this.maxWaitMs)): Promise<T> {
    await this.acquire(deadline);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(deadline: number): Promise<void> {
    if (this.free > 0 && this.waiters.size === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(
          () => {
            this.waiters.delete(waiter);
            reject(databaseUnavailable());
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      this.waiters.add(waiter);
    });
  }

  /** Hands the permit straight to the oldest waiter, if any. */
  private release(): void {
    const next = this.waiters.values().next();
    if (next.done) {
      this.free++;
      return;
    }
    this.waiters.delete(next.value);
    clearTimeout(next.value.timer);
    next.value.admit();
  }
}
