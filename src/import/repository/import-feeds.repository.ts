import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { ImportFeedEntity } from '../../database/entities';
import { placeholders, SqlParam } from '../../database/sql';
import { ImportCounts, ReportItem } from '../import-report';

/** A subscription as the code reads it (`{prefix}eca_import_feeds`). Times are epoch milliseconds. */
export interface FeedRow {
  id: number;
  url: string;
  status: string;
  intervalMinutes: number;
  enabled: boolean;
  nextRunAt: number;
  leaseUntil: number;
  failures: number;
  failingSince: number | null;
  lastError: string | null;
  disabledReason: string | null;
  lastRunAt: number | null;
  lastImportId: number | null;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

/** What a client sets. */
export interface FeedFields {
  url: string;
  status: string;
  intervalMinutes: number;
  enabled: boolean;
}

/** A failed run as the feed keeps it: the next try, and whether the failures have lasted long enough to disable it. */
export interface FeedFailure {
  error: string;
  nextRunAt: number;
  failingSince: number;
  disabledReason: string | null;
}

const COLUMNS = [
  'id',
  'url',
  'status',
  'interval_minutes',
  'enabled',
  'next_run_at',
  'lease_until',
  'failures',
  'failing_since',
  'last_error',
  'disabled_reason',
  'last_run_at',
  'last_import_id',
  'created_by',
  'created_at',
  'updated_at',
] satisfies (keyof ImportFeedEntity)[];

type Row = Pick<ImportFeedEntity, (typeof COLUMNS)[number]>;

const orNull = (value: number | null) => (value === null ? null : Number(value));

function toFeed(row: Row): FeedRow {
  return {
    id: Number(row.id),
    url: row.url,
    status: row.status,
    intervalMinutes: Number(row.interval_minutes),
    enabled: Number(row.enabled) === 1,
    nextRunAt: Number(row.next_run_at),
    leaseUntil: Number(row.lease_until),
    failures: Number(row.failures),
    failingSince: orNull(row.failing_since),
    lastError: row.last_error ?? null,
    disabledReason: row.disabled_reason ?? null,
    lastRunAt: orNull(row.last_run_at),
    lastImportId: orNull(row.last_import_id),
    createdBy: Number(row.created_by),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * `{prefix}eca_import_feeds` and the link of a run's report to its feed. Bookkeeping writes: the
 * events a run writes go through the events' own transactions; no cached answer depends on these rows.
 */
@Injectable()
export class ImportFeedsRepository {
  constructor(private readonly db: DatabaseService) {}

  private get table(): string {
    return this.db.sql.table('eca_import_feeds');
  }

  private write<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work, { bookkeeping: true });
  }

  /** The newest feeds first, before the ID `before` when given. */
  async list(before: number | undefined, limit: number): Promise<FeedRow[]> {
    const rows = await this.db.sql.rows<Row>(
      `SELECT ${COLUMNS.join(', ')} FROM ${this.table} ${before ? 'WHERE id < ?' : ''} ORDER BY id DESC LIMIT ${Number(limit)}`,
      before ? [before] : [],
    );
    return rows.map(toFeed);
  }

  async byId(id: number): Promise<FeedRow | undefined> {
    const row = await this.db.sql.one<Row>(`SELECT ${COLUMNS.join(', ')} FROM ${this.table} WHERE id = ?`, [id]);
    return row ? toFeed(row) : undefined;
  }

  /** A new feed is due at once. */
  async create(fields: FeedFields, createdBy: number, now: number): Promise<FeedRow> {
    return this.write(async () => {
      const { insertId } = await this.db.sql.run(
        `INSERT INTO ${this.table} (url, status, interval_minutes, enabled, next_run_at, lease_until, failures, created_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
        [fields.url, fields.status, fields.intervalMinutes, fields.enabled ? 1 : 0, now, createdBy, now, now],
      );
      return (await this.byId(insertId))!;
    });
  }

  /** Sets the given fields. Enabling a feed clears its failures and makes it due at once. */
  async update(id: number, fields: Partial<FeedFields>, now: number): Promise<FeedRow | undefined> {
    return this.write(async () => {
      const sets = ['updated_at = ?'];
      const params: SqlParam[] = [now];
      const set = (column: string, value: SqlParam) => {
        sets.push(`${column} = ?`);
        params.push(value);
      };
      if (fields.url !== undefined) set('url', fields.url);
      if (fields.status !== undefined) set('status', fields.status);
      if (fields.intervalMinutes !== undefined) set('interval_minutes', fields.intervalMinutes);
      if (fields.enabled !== undefined) set('enabled', fields.enabled ? 1 : 0);
      if (fields.enabled) {
        sets.push('failures = 0', 'failing_since = NULL', 'disabled_reason = NULL');
        set('next_run_at', now);
      }
      const { affected } = await this.db.sql.run(`UPDATE ${this.table} SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
      return affected ? this.byId(id) : undefined;
    });
  }

  /** Removes the feed; its reports stay (their `feed_id` then names no feed). */
  async delete(id: number): Promise<boolean> {
    return this.write(async () => (await this.db.sql.run(`DELETE FROM ${this.table} WHERE id = ?`, [id])).affected > 0);
  }

  /** The enabled feed due longest ago that no run holds, if any. */
  async nextDue(now: number): Promise<number | undefined> {
    const row = await this.db.sql.one<{ id: number }>(
      `SELECT id FROM ${this.table} WHERE enabled = 1 AND next_run_at <= ? AND lease_until <= ? ORDER BY next_run_at, id LIMIT 1`,
      [now, now],
    );
    return row ? Number(row.id) : undefined;
  }

  /**
   * Takes the feed for one run until `leaseUntil`, if no other run holds it (and, for the worker, if it
   * is still enabled and due): ONE conditional UPDATE, so of several instances exactly one wins.
   */
  async claim(id: number, now: number, leaseUntil: number, onlyWhenDue: boolean): Promise<boolean> {
    const due = onlyWhenDue ? ' AND enabled = 1 AND next_run_at <= ?' : '';
    const params: SqlParam[] = onlyWhenDue ? [leaseUntil, id, now, now] : [leaseUntil, id, now];
    return this.write(
      async () => (await this.db.sql.run(`UPDATE ${this.table} SET lease_until = ? WHERE id = ? AND lease_until <= ?${due}`, params)).affected === 1,
    );
  }

  /** A run that read the feed: the failures forgotten, the next run one interval from now, the lease released. */
  async succeeded(id: number, importId: number, now: number): Promise<void> {
    await this.write(() =>
      this.db.sql.run(
        `UPDATE ${this.table} SET lease_until = 0, failures = 0, failing_since = NULL, last_error = NULL, last_run_at = ?, last_import_id = ?,
           next_run_at = ? + interval_minutes * 60000 WHERE id = ?`,
        [now, importId, now, id],
      ),
    );
  }

  /** A run that could not read the feed: one more failure, the next try later (and the feed disabled when told so), the lease released. */
  async failed(id: number, importId: number, failure: FeedFailure, now: number): Promise<void> {
    await this.write(() =>
      this.db.sql.run(
        `UPDATE ${this.table} SET lease_until = 0, failures = failures + 1, failing_since = ?, last_error = ?, last_run_at = ?, last_import_id = ?,
           next_run_at = ?, enabled = CASE WHEN ? IS NULL THEN enabled ELSE 0 END, disabled_reason = COALESCE(?, disabled_reason) WHERE id = ?`,
        [failure.failingSince, failure.error.slice(0, 500), now, importId, failure.nextRunAt, failure.disabledReason, failure.disabledReason, id],
      ),
    );
  }

  /** The IDs of each feed's latest reports, newest first: one statement for a page of feeds. */
  async recentImports(feedIds: readonly number[], limit: number): Promise<Map<number, number[]>> {
    const recent = new Map(feedIds.map((id) => [id, [] as number[]]));
    if (!feedIds.length) return recent;
    const rows = await this.db.sql.rows<{ feed_id: number; id: number }>(
      `SELECT feed_id, id FROM (
         SELECT feed_id, id, ROW_NUMBER() OVER (PARTITION BY feed_id ORDER BY id DESC) AS n
         FROM ${this.db.sql.table('eca_imports')} WHERE feed_id IN (${placeholders(feedIds)})
       ) latest WHERE n <= ? ORDER BY feed_id, id DESC`,
      [...feedIds, limit],
    );
    for (const row of rows) recent.get(Number(row.feed_id))?.push(Number(row.id));
    return recent;
  }

  /** Makes a stored report the feed's, with all the run's items (the trashed events added) and their counts. */
  async linkReport(importId: number, feedId: number, items: readonly ReportItem[], counts: ImportCounts): Promise<void> {
    await this.write(() =>
      this.db.sql.run(
        `UPDATE ${this.db.sql.table('eca_imports')} SET feed_id = ?, items = ?, created_count = ?, updated_count = ?, unchanged_count = ?, trashed_count = ?,
           failed_count = ? WHERE id = ?`,
        [feedId, JSON.stringify(items), counts.created, counts.updated, counts.unchanged, counts.trashed, counts.failed, importId],
      ),
    );
  }
}
