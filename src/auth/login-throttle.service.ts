import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { RestError } from '../rest/rest-error';

/** Error of a throttled login attempt; the middleware copies `retryAfter` into the Retry-After header. */
export class TooManyLoginFailures extends RestError {
  constructor(readonly retryAfter: number) {
    super('rest_too_many_requests', 'Too many failed login attempts. Try again later.', 429);
  }
}

/**
 * Failed Basic logins per client IP in a fixed window (LOGIN_MAX_FAILURES per
 * LOGIN_FAILURE_WINDOW_SECONDS). The counters live in `{prefix}eca_login_failures`, so every instance
 * sharing the database shares them. Only failures count; a success neither counts nor resets the
 * window (otherwise one valid account would let a client keep guessing others). Concurrent attempts
 * are checked before they are counted, so a burst can overshoot the limit by its own size — the
 * limit bounds guessing, it is not an exact quota.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly db: DatabaseService,
    private readonly config: AppConfig,
  ) {}

  private get enabled(): boolean {
    return this.config.loginMaxFailures > 0;
  }

  private get windowMs(): number {
    return this.config.loginFailureWindowSeconds * 1000;
  }

  /** Throws TooManyLoginFailures while `client` has used up its failures of the current window. */
  async assertAllowed(client: string, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    const sql = this.db.sql;
    const row = await sql.one<{ failures: number | string; window_start: number | string }>(
      `SELECT failures, window_start FROM ${sql.table('eca_login_failures')} WHERE client = ?`,
      [client],
    );
    if (!row || Number(row.failures) < this.config.loginMaxFailures) return;
    const endsAt = Number(row.window_start) + this.windowMs;
    if (endsAt > now) throw new TooManyLoginFailures(Math.ceil((endsAt - now) / 1000));
  }

  /** Counts one failure of `client`: a new window when the previous one ended, else one more in it. */
  async recordFailure(client: string, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    const sql = this.db.sql;
    const expired = now - this.windowMs;
    const upsert = sql.isMysql ? 'ON DUPLICATE KEY UPDATE' : 'ON CONFLICT(client) DO UPDATE SET';
    // MySQL evaluates the assignments left to right: `failures` must read window_start before it changes.
    await sql.run(
      `INSERT INTO ${sql.table('eca_login_failures')} (client, failures, window_start) VALUES (?, 1, ?) ${upsert}
        failures = CASE WHEN window_start <= ? THEN 1 ELSE failures + 1 END,
        window_start = CASE WHEN window_start <= ? THEN ? ELSE window_start END`,
      [client, now, expired, expired, now],
    );
  }

  /** Drops counters whose window ended (they no longer block anyone). */
  async sweep(now = Date.now()): Promise<number> {
    const sql = this.db.sql;
    const { affected } = await sql.run(`DELETE FROM ${sql.table('eca_login_failures')} WHERE window_start <= ?`, [now - this.windowMs]);
    return affected;
  }

  onModuleInit(): void {
    if (!this.enabled) return;
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), Math.max(this.windowMs, 60_000));
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}
