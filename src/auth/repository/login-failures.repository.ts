import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { LoginFailureEntity } from '../../database/entities';

/**
 * The service's table `{prefix}eca_login_failures` (LoginFailureEntity): one counter per client with the
 * start of its window, shared by every instance on the database (src/auth/login-throttle.service.ts).
 * Hand-written SQL on purpose: it is on every login's road, and through TypeORM's Repository or
 * QueryBuilder its statements took 6–15 times as long on SQLite and 1.3–4 times on MariaDB
 * (docs/architecture.md "Entities and SQL"); the increment is an atomic upsert neither can express.
 */
@Injectable()
export class LoginFailuresRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Counts `places` more attempts of `client` in its window, after giving back `givenBack` places (never
   * below 0), or starts a new window at `now` holding them when the old one began at or before
   * `expired`; returns the new count atomically (RETURNING on SQLite, LAST_INSERT_ID(expr) on MySQL),
   * and on SQLite the window's start.
   */
  async increment(client: string, now: number, expired: number, givenBack = 0, places = 1): Promise<{ count: number; windowStart?: number }> {
    const sql = this.db.sql;
    const table = sql.table('eca_login_failures');
    // The column is unsigned: MySQL refuses a subtraction that would go below 0, so it never runs one.
    const params = [client, places, now, expired, places, givenBack, givenBack, places, expired, now];
    if (sql.isMysql) {
      // The server hands LAST_INSERT_ID(expr) back as the statement's insert id. MySQL evaluates the
      // assignments left to right: `failures` must read window_start before it changes.
      const { insertId } = await sql.run(
        `INSERT INTO ${table} (client, failures, window_start) VALUES (?, LAST_INSERT_ID(?), ?) ON DUPLICATE KEY UPDATE
          failures = LAST_INSERT_ID(CASE WHEN window_start <= ? THEN ? ELSE (CASE WHEN failures > ? THEN failures - ? ELSE 0 END) + ? END),
          window_start = CASE WHEN window_start <= ? THEN ? ELSE window_start END`,
        params,
      );
      return { count: insertId };
    }
    const row = await sql.one<Pick<LoginFailureEntity, 'failures' | 'window_start'>>(
      `INSERT INTO ${table} (client, failures, window_start) VALUES (?, ?, ?) ON CONFLICT(client) DO UPDATE SET
        failures = CASE WHEN window_start <= ? THEN ? ELSE (CASE WHEN failures > ? THEN failures - ? ELSE 0 END) + ? END,
        window_start = CASE WHEN window_start <= ? THEN ? ELSE window_start END
       RETURNING failures, window_start`,
      params,
    );
    return { count: Number(row!.failures), windowStart: Number(row!.window_start) };
  }

  async windowStart(client: string): Promise<number | undefined> {
    const sql = this.db.sql;
    const row = await sql.one<Pick<LoginFailureEntity, 'window_start'>>(`SELECT window_start FROM ${sql.table('eca_login_failures')} WHERE client = ?`, [
      client,
    ]);
    return row ? Number(row.window_start) : undefined;
  }

  /** `places` attempts fewer in the client's window (never below 0). */
  async decrement(client: string, places = 1): Promise<void> {
    const sql = this.db.sql;
    await sql.run(
      `UPDATE ${sql.table('eca_login_failures')} SET failures = CASE WHEN failures > ? THEN failures - ? ELSE 0 END WHERE client = ? AND failures > 0`,
      [places, places, client],
    );
  }

  /** Drops counters whose window began at or before `expired`; returns how many. */
  async deleteExpired(expired: number): Promise<number> {
    const sql = this.db.sql;
    const { affected } = await sql.run(`DELETE FROM ${sql.table('eca_login_failures')} WHERE window_start <= ?`, [expired]);
    return affected;
  }
}
