import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { forUpdate, placeholders, Sql, SqlParam } from '../../database/sql';
import { kindMatches } from '../change-types';
import { changeColumns, ChangeRow, toChangeRow } from './changes.repository';
import { WebhooksRepository } from './webhooks.repository';

/** Webhooks fanned out per pass, and changes read per webhook. */
const FAN_OUT_WEBHOOKS = 20;
const FAN_OUT_CHANGES = 500;

/** A delivery a worker has claimed, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  kind: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  url: string;
  secret: string;
  /** Absent when the change row is gone. */
  change?: ChangeRow;
}

export interface AttemptOutcome {
  ok: boolean;
  startedAt: number;
  durationMs: number;
  statusCode?: number;
  error?: string;
  /** The start of the response body (already cut to the log's limit). */
  response?: string;
}

/**
 * What a worker may still take on: `free` more sends in all, and at most `perWebhook` in flight to one
 * webhook, counting those it has in flight (`inFlight`, by webhook ID).
 */
export interface ClaimRoom {
  free: number;
  perWebhook: number;
  inFlight: ReadonlyMap<number, number>;
}

/** The webhooks a worker may not claim for: those at their limit of sends in flight. */
function fullWebhooks(room: ClaimRoom): number[] {
  return [...room.inFlight].filter(([, sends]) => sends >= room.perWebhook).map(([id]) => id);
}

/** Rows a claim reads per free send, so that one webhook's backlog rarely hides the others' rows. */
const CLAIM_WINDOW = 5;

/** When to try again and when to give up (src/config: WEBHOOKS_RETRY_DELAYS, WEBHOOKS_DISABLE_AFTER_*). */
export interface RetryPolicy {
  retryDelaysMs: readonly number[];
  disableAfterFailures: number;
  disableAfterMs: number;
}

export interface DeliveryLogRow {
  id: number;
  changeCursor: number;
  kind: string;
  state: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  completedAt: number | null;
  change?: ChangeRow;
  log: AttemptOutcome[];
}

/**
 * The delivery tables' SQL for the workers (fan-out, claims, results) and the delivery log. Every write
 * is a bookkeeping transaction. On MySQL, workers of several instances take rows with
 * `FOR UPDATE SKIP LOCKED` (MySQL 8, MariaDB ≥ 10.6): each takes rows no other holds; SQLite runs
 * write transactions one at a time, so a plain select inside the transaction claims.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(
    private readonly db: DatabaseService,
    private readonly webhooks: WebhooksRepository,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  private skipLocked(): string {
    return this.sql.isMysql ? `${forUpdate(this.sql)} SKIP LOCKED` : '';
  }

  /** Whether an active webhook has changes not yet turned into deliveries (outside any transaction). */
  async fanOutPending(): Promise<boolean> {
    const row = await this.sql.one(
      `SELECT id FROM ${this.sql.table('eca_webhooks')}
       WHERE active = 1 AND enqueued_through < (SELECT last_cursor FROM ${this.sql.table('eca_change_cursor')} WHERE id = 1) LIMIT 1`,
    );
    return row !== undefined;
  }

  /**
   * Turns the changes after each active webhook's `enqueued_through` into its deliveries (those its
   * `events` match), due now. The webhook rows are locked while this runs, so one worker fans out each.
   */
  async fanOut(now: number): Promise<number> {
    return this.db.transaction(
      async () => {
        const hooks = await this.sql.rows<{ id: number; events: string; enqueued_through: number }>(
          `SELECT id, events, enqueued_through FROM ${this.sql.table('eca_webhooks')}
           WHERE active = 1 AND enqueued_through < (SELECT last_cursor FROM ${this.sql.table('eca_change_cursor')} WHERE id = 1)
           ORDER BY id LIMIT ${FAN_OUT_WEBHOOKS}${this.skipLocked()}`,
        );
        let queued = 0;
        for (const hook of hooks) {
          const changes = (
            await this.sql.rows(
              `SELECT ${changeColumns()} FROM ${this.sql.table('eca_changes')}
               WHERE cursor_id > ? ORDER BY cursor_id LIMIT ${FAN_OUT_CHANGES}`,
              [Number(hook.enqueued_through)],
            )
          ).map(toChangeRow);
          if (!changes.length) continue;
          const events = String(hook.events).split(',');
          const wanted = changes.filter((c) => kindMatches(events, `${c.type}.${c.action}`));
          if (wanted.length) {
            await this.sql.run(
              `INSERT INTO ${this.sql.table('eca_webhook_deliveries')} (webhook_id, change_cursor, kind, state, attempts, next_attempt_at, created_at)
               VALUES ${wanted.map(() => "(?, ?, ?, 'pending', 0, ?, ?)").join(', ')}`,
              wanted.flatMap((c) => [Number(hook.id), c.cursor, `${c.type}.${c.action}`, now, now]),
            );
          }
          await this.sql.run(`UPDATE ${this.sql.table('eca_webhooks')} SET enqueued_through = ? WHERE id = ?`, [
            changes[changes.length - 1].cursor,
            Number(hook.id),
          ]);
          queued += wanted.length;
        }
        return queued;
      },
      { bookkeeping: true },
    );
  }

  /** `AND webhook_id NOT IN (…)` for the webhooks at their limit, with its parameters. */
  private notFull(room: ClaimRoom): { where: string; params: number[] } {
    const full = fullWebhooks(room);
    return { where: full.length ? ` AND webhook_id NOT IN (${placeholders(full)})` : '', params: full };
  }

  /** Whether a delivery is due for a webhook not at its limit (outside any transaction). */
  async duePending(now: number, room: ClaimRoom): Promise<boolean> {
    const notFull = this.notFull(room);
    const row = await this.sql.one(
      `SELECT id FROM ${this.sql.table('eca_webhook_deliveries')} WHERE state = 'pending' AND next_attempt_at <= ?${notFull.where} LIMIT 1`,
      [now, ...notFull.params],
    );
    return row !== undefined;
  }

  /**
   * Claims due deliveries for `leaseMs`, as many as `room` leaves: never more than `free`, nor more
   * than `perWebhook` in flight to one webhook, so a claim is only taken when its send can start at once
   * and a webhook whose receiver hangs cannot hold every send. Their next attempt time moves past the
   * lease and their attempt count goes up, in one short transaction, before anything is sent. A worker
   * that dies while sending leaves them due again when the lease ends (at least once); the others skip them.
   */
  async claim(now: number, leaseMs: number, room: ClaimRoom): Promise<ClaimedDelivery[]> {
    const notFull = this.notFull(room);
    const ids = await this.db.transaction(
      async () => {
        const rows = await this.sql.rows<{ id: number; webhook_id: number }>(
          `SELECT id, webhook_id FROM ${this.sql.table('eca_webhook_deliveries')}
           WHERE state = 'pending' AND next_attempt_at <= ?
             AND webhook_id IN (SELECT id FROM ${this.sql.table('eca_webhooks')} WHERE active = 1)${notFull.where}
           ORDER BY next_attempt_at LIMIT ${Math.trunc(room.free * CLAIM_WINDOW)}${this.skipLocked()}`,
          [now, ...notFull.params],
        );
        const sends = new Map(room.inFlight);
        const claimed: number[] = [];
        for (const row of rows) {
          if (claimed.length >= room.free) break;
          const webhookId = Number(row.webhook_id);
          const count = sends.get(webhookId) ?? 0;
          if (count >= room.perWebhook) continue;
          sends.set(webhookId, count + 1);
          claimed.push(Number(row.id));
        }
        if (claimed.length) {
          await this.sql.run(
            `UPDATE ${this.sql.table('eca_webhook_deliveries')} SET attempts = attempts + 1, next_attempt_at = ? WHERE id IN (${placeholders(claimed)})`,
            [now + leaseMs, ...claimed],
          );
        }
        return claimed;
      },
      { bookkeeping: true },
    );
    if (!ids.length) return [];
    const rows = await this.sql.rows(
      `SELECT d.id, d.webhook_id, d.kind, d.attempts, w.url, w.secret, ${changeColumns('c.')}
       FROM ${this.sql.table('eca_webhook_deliveries')} d
       JOIN ${this.sql.table('eca_webhooks')} w ON w.id = d.webhook_id
       LEFT JOIN ${this.sql.table('eca_changes')} c ON c.cursor_id = d.change_cursor
       WHERE d.id IN (${placeholders(ids)}) ORDER BY d.id`,
      ids,
    );
    return rows.map((raw) => ({
      id: Number(raw.id),
      webhookId: Number(raw.webhook_id),
      kind: String(raw.kind),
      attempt: Number(raw.attempts),
      url: String(raw.url),
      secret: String(raw.secret),
      change: raw.cursor_id === null || raw.cursor_id === undefined ? undefined : toChangeRow(raw),
    }));
  }

  /**
   * Logs an attempt and moves its delivery on: done, due again after the next retry delay, or failed
   * for good after the last one. The webhook's run of failures restarts on success and grows on failure;
   * a run of `disableAfterFailures` spanning `disableAfterMs` deactivates it (its deliveries pause).
   */
  async recordAttempt(delivery: ClaimedDelivery, outcome: AttemptOutcome, policy: RetryPolicy, now: number): Promise<void> {
    await this.db.transaction(
      async () => {
        await this.sql.run(
          `INSERT INTO ${this.sql.table('eca_webhook_attempts')} (delivery_id, attempt, started_at, duration_ms, status_code, error, response) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [delivery.id, delivery.attempt, outcome.startedAt, outcome.durationMs, outcome.statusCode ?? null, outcome.error ?? null, outcome.response ?? null],
        );
        const deliveries = this.sql.table('eca_webhook_deliveries');
        const webhooks = this.sql.table('eca_webhooks');
        if (outcome.ok) {
          await this.sql.run(`UPDATE ${deliveries} SET state = 'succeeded', completed_at = ? WHERE id = ?`, [now, delivery.id]);
          await this.sql.run(`UPDATE ${webhooks} SET consecutive_failures = 0, failing_since = NULL WHERE id = ?`, [delivery.webhookId]);
          return;
        }
        const delay = policy.retryDelaysMs[delivery.attempt - 1];
        if (delay === undefined || !delivery.change) {
          await this.sql.run(`UPDATE ${deliveries} SET state = 'failed', completed_at = ? WHERE id = ?`, [now, delivery.id]);
        } else {
          // Up to a tenth more, so that deliveries failed together are not retried together.
          await this.sql.run(`UPDATE ${deliveries} SET next_attempt_at = ? WHERE id = ?`, [now + Math.round(delay * (1 + Math.random() / 10)), delivery.id]);
        }
        await this.sql.run(`UPDATE ${webhooks} SET consecutive_failures = consecutive_failures + 1, failing_since = COALESCE(failing_since, ?) WHERE id = ?`, [
          outcome.startedAt,
          delivery.webhookId,
        ]);
        const disabled = await this.sql.run(
          `UPDATE ${webhooks} SET active = 0, disabled_reason = ? WHERE id = ? AND active = 1 AND consecutive_failures >= ? AND failing_since <= ?`,
          [`${policy.disableAfterFailures} or more failed attempts in a row`, delivery.webhookId, policy.disableAfterFailures, now - policy.disableAfterMs],
        );
        if (disabled.affected) await this.webhooks.setPaused(delivery.webhookId, true);
      },
      { bookkeeping: true },
    );
  }

  /** A webhook's deliveries, newest change first, before the change cursor `before`, with their attempts. */
  async log(webhookId: number, before: number | undefined, limit: number): Promise<DeliveryLogRow[]> {
    const params: SqlParam[] = [webhookId];
    let where = 'd.webhook_id = ?';
    if (before !== undefined) {
      where += ' AND d.change_cursor < ?';
      params.push(before);
    }
    const rows = await this.sql.rows(
      `SELECT d.id, d.change_cursor, d.kind, d.state, d.attempts, d.next_attempt_at, d.created_at, d.completed_at, ${changeColumns('c.')}
       FROM ${this.sql.table('eca_webhook_deliveries')} d
       LEFT JOIN ${this.sql.table('eca_changes')} c ON c.cursor_id = d.change_cursor
       WHERE ${where} ORDER BY d.change_cursor DESC LIMIT ${Math.trunc(limit)}`,
      params,
    );
    const ids = rows.map((r) => Number(r.id));
    const attempts = ids.length
      ? await this.sql.rows(
          `SELECT delivery_id, started_at, duration_ms, status_code, error, response FROM ${this.sql.table('eca_webhook_attempts')}
           WHERE delivery_id IN (${placeholders(ids)}) ORDER BY delivery_id, attempt`,
          ids,
        )
      : [];
    return rows.map((raw) => ({
      id: Number(raw.id),
      changeCursor: Number(raw.change_cursor),
      kind: String(raw.kind),
      state: String(raw.state),
      attempts: Number(raw.attempts),
      nextAttemptAt: Number(raw.next_attempt_at),
      createdAt: Number(raw.created_at),
      completedAt: raw.completed_at === null || raw.completed_at === undefined ? null : Number(raw.completed_at),
      change: raw.cursor_id === null || raw.cursor_id === undefined ? undefined : toChangeRow(raw),
      log: attempts
        .filter((a) => Number(a.delivery_id) === Number(raw.id))
        .map((a) => ({
          ok: a.status_code !== null && Number(a.status_code) >= 200 && Number(a.status_code) < 300 && !a.error,
          startedAt: Number(a.started_at),
          durationMs: Number(a.duration_ms),
          statusCode: a.status_code === null ? undefined : Number(a.status_code),
          error: a.error === null ? undefined : String(a.error),
          response: a.response === null ? undefined : String(a.response),
        })),
    }));
  }
}
