import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { Sql, SqlParam } from '../../database/sql';
import { ChangesRepository } from './changes.repository';

export interface WebhookRow {
  id: number;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
  /** The last change cursor turned into deliveries for it. */
  enqueuedThrough: number;
  consecutiveFailures: number;
  /** When the current run of failed attempts began (null: the last attempt succeeded). */
  failingSince: number | null;
  disabledReason: string | null;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

export interface WebhookFields {
  url: string;
  events: readonly string[];
  secret: string;
  active: boolean;
}

const COLUMNS = 'id, url, events, secret, active, enqueued_through, consecutive_failures, failing_since, disabled_reason, created_by, created_at, updated_at';

const optionalNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toWebhookRow(raw: Record<string, unknown>): WebhookRow {
  return {
    id: Number(raw.id),
    url: String(raw.url),
    events: String(raw.events).split(',').filter(Boolean),
    secret: String(raw.secret),
    active: Number(raw.active) === 1,
    enqueuedThrough: Number(raw.enqueued_through),
    consecutiveFailures: Number(raw.consecutive_failures),
    failingSince: optionalNumber(raw.failing_since),
    disabledReason: raw.disabled_reason === null || raw.disabled_reason === undefined ? null : String(raw.disabled_reason),
    createdBy: Number(raw.created_by),
    createdAt: Number(raw.created_at),
    updatedAt: Number(raw.updated_at),
  };
}

/**
 * The webhooks' SQL (`{prefix}eca_webhooks`, and the rows of theirs in the delivery tables). Every
 * write is a bookkeeping transaction: no cached answer depends on these tables.
 */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly db: DatabaseService,
    private readonly changes: ChangesRepository,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  async list(): Promise<WebhookRow[]> {
    return (await this.sql.rows(`SELECT ${COLUMNS} FROM ${this.sql.table('eca_webhooks')} ORDER BY id`)).map(toWebhookRow);
  }

  async byId(id: number): Promise<WebhookRow | undefined> {
    const row = await this.sql.one(`SELECT ${COLUMNS} FROM ${this.sql.table('eca_webhooks')} WHERE id = ?`, [id]);
    return row ? toWebhookRow(row) : undefined;
  }

  /** A new webhook receives the changes committed after it: its deliveries start at the current last cursor. */
  async create(fields: WebhookFields, createdBy: number, now: number): Promise<WebhookRow> {
    return this.db.transaction(
      async () => {
        const from = await this.changes.lastCursor();
        const { insertId } = await this.sql.run(
          `INSERT INTO ${this.sql.table('eca_webhooks')} (url, events, secret, active, enqueued_through, consecutive_failures, created_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
          [fields.url, fields.events.join(','), fields.secret, fields.active ? 1 : 0, from, createdBy, now, now],
        );
        return (await this.byId(insertId))!;
      },
      { bookkeeping: true },
    );
  }

  /**
   * Sets the given fields. Activating a webhook clears its failure record and hands its paused
   * deliveries back to the workers; deactivating pauses them.
   */
  async update(id: number, fields: Partial<WebhookFields>, now: number): Promise<WebhookRow | undefined> {
    return this.db.transaction(
      async () => {
        const sets: string[] = [];
        const params: SqlParam[] = [];
        const set = (column: string, value: SqlParam) => {
          sets.push(`${column} = ?`);
          params.push(value);
        };
        set('updated_at', now);
        if (fields.url !== undefined) set('url', fields.url);
        if (fields.events !== undefined) set('events', fields.events.join(','));
        if (fields.secret !== undefined) set('secret', fields.secret);
        if (fields.active !== undefined) set('active', fields.active ? 1 : 0);
        if (fields.active) sets.push('consecutive_failures = 0', 'failing_since = NULL', 'disabled_reason = NULL');
        const { affected } = await this.sql.run(`UPDATE ${this.sql.table('eca_webhooks')} SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
        if (!affected) return undefined;
        if (fields.active !== undefined) await this.setPaused(id, !fields.active);
        return this.byId(id);
      },
      { bookkeeping: true },
    );
  }

  /** Removes the webhook with its deliveries and their log. */
  async delete(id: number): Promise<boolean> {
    return this.db.transaction(
      async () => {
        await this.sql.run(
          `DELETE FROM ${this.sql.table('eca_webhook_attempts')} WHERE delivery_id IN (SELECT id FROM ${this.sql.table('eca_webhook_deliveries')} WHERE webhook_id = ?)`,
          [id],
        );
        await this.sql.run(`DELETE FROM ${this.sql.table('eca_webhook_deliveries')} WHERE webhook_id = ?`, [id]);
        return (await this.sql.run(`DELETE FROM ${this.sql.table('eca_webhooks')} WHERE id = ?`, [id])).affected > 0;
      },
      { bookkeeping: true },
    );
  }

  /** Pending deliveries of an inactive webhook wait as `paused`, out of the workers' due range. */
  async setPaused(webhookId: number, paused: boolean): Promise<void> {
    const [from, to] = paused ? ['pending', 'paused'] : ['paused', 'pending'];
    await this.sql.run(`UPDATE ${this.sql.table('eca_webhook_deliveries')} SET state = ? WHERE webhook_id = ? AND state = ?`, [to, webhookId, from]);
  }
}
