import { DatabaseService } from '../../database/database.service';
import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { EventDateMeta, occurrenceHash } from '../../dates';
import { transactionMemo } from '../../wordpress/transaction-memo';
import { isMissingTable } from '../../database/database-errors';

/** Largest value of the tables' signed `mediumint` `duration` column (about 97 days). */
const MAX_DURATION = 8_388_607;

/**
 * The `duration` the TEC rows get, or null when the event gets no rows. TEC writes none for an event
 * whose UTC end precedes its UTC start ("Duration must be a positive integer"); start = end gives 0.
 * Project choice: a longer event than the column holds gets rows with the duration capped (the dates
 * stay exact), so TEC's views and the service's own date index (event-list.query.ts) still find it.
 */
export function tecRowDuration(dates: EventDateMeta): number | null {
  if (dates._EventEndDateUTC < dates._EventStartDateUTC) return null;
  const duration = Number(dates._EventDuration);
  return Number.isFinite(duration) ? Math.min(duration, MAX_DURATION) : null;
}

/** The IDs of a post's TEC events row and first occurrence (null where it has none). */
export interface StoredRows {
  event_id: number | null;
  occurrence_id: number | null;
}

@Injectable()
export class TecTables {
  constructor(private readonly db: DatabaseService) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /**
   * Whether the database has both tables (checked per write: no caching layer, storage.md §15; once per
   * transaction, so a series' hundred occurrences ask once). The single-event writes below ask nothing:
   * their first statement on the tables tells (`unlessAbsent`).
   */
  exist(): Promise<boolean> {
    return transactionMemo('tec:tables-exist', () => this.lookUp()) ?? this.lookUp();
  }

  private async lookUp(): Promise<boolean> {
    const names = [`${this.sql.prefix}tec_events`, `${this.sql.prefix}tec_occurrences`];
    const rows = this.sql.isMysql
      ? await this.sql.rows(`SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?, ?)`, names)
      : await this.sql.rows(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)`, names);
    return rows.length === 2;
  }

  /**
   * Runs `write` unless this transaction already found the tables missing. A statement that fails on a
   * missing table (a site TEC 6 never ran on) is no error: the event gets no rows (false), as `exist()`
   * would have said, and the transaction goes on (a failed statement ends no transaction, on MySQL or
   * SQLite).
   */
  private async unlessAbsent(write: () => Promise<boolean>): Promise<boolean> {
    const absent = transactionMemo('tec:tables-absent', () => ({ found: false }));
    if (absent?.found) return false;
    try {
      return await write();
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      if (absent) absent.found = true;
      return false;
    }
  }

  /** Events with a UTC start date but no occurrence row (written by a TEC 5 site or an older version). */
  async eventsWithoutOccurrence(): Promise<number[]> {
    const rows = await this.sql.rows<{ ID: number }>(
      `SELECT p.ID FROM ${this.sql.table('posts')} p
        WHERE p.post_type = 'tribe_events'
          AND EXISTS (SELECT 1 FROM ${this.sql.table('postmeta')} m WHERE m.post_id = p.ID AND m.meta_key = '_EventStartDateUTC')
          AND NOT EXISTS (SELECT 1 FROM ${this.sql.table('tec_occurrences')} o WHERE o.post_id = p.ID)`,
    );
    return rows.map((r) => Number(r.ID));
  }

  /** Removes the event's rows (its dates are gone, or the event is deleted for good). */
  async remove(postId: number): Promise<void> {
    if (await this.exist()) await this.removeRows(postId);
  }

  private async removeRows(postId: number): Promise<void> {
    await this.sql.run(`DELETE FROM ${this.sql.table('tec_occurrences')} WHERE post_id = ?`, [postId]);
    await this.sql.run(`DELETE FROM ${this.sql.table('tec_events')} WHERE post_id = ?`, [postId]);
  }

  /**
   * Writes the event's rows from its date meta; an event that gets none has its old rows removed.
   * Returns whether the event has rows now.
   */
  async upsert(
    postId: number,
    dates: EventDateMeta,
    nowUtc: string,
    options: { created?: boolean; stored?: Promise<StoredRows | undefined> } = {},
  ): Promise<boolean> {
    return this.unlessAbsent(() => this.writeRows(postId, dates, nowUtc, options.created === true ? undefined : (options.stored ?? this.storedRows(postId))));
  }

  /**
   * The post's events row and its first occurrence, in one statement: read by `upsert`, or earlier by a
   * caller that sends it with other reads and hands it to `upsert` (`stored`). On tables that do not
   * exist it fails as `upsert`'s first statement would.
   */
  storedRows(postId: number): Promise<StoredRows | undefined> {
    return this.sql.one<StoredRows>(
      `SELECT (SELECT event_id FROM ${this.sql.table('tec_events')} WHERE post_id = ? LIMIT 1) AS event_id,
         (SELECT occurrence_id FROM ${this.sql.table('tec_occurrences')} WHERE post_id = ? ORDER BY occurrence_id LIMIT 1) AS occurrence_id`,
      [postId, postId],
    );
  }

  /**
   * `stored`: the post's rows, or none to read when the post was inserted by this transaction (it has
   * no rows yet: an occurrence always belongs to its post's one events row, unique by post_id).
   */
  private async writeRows(postId: number, dates: EventDateMeta, nowUtc: string, storedRows: Promise<StoredRows | undefined> | undefined): Promise<boolean> {
    const duration = tecRowDuration(dates);
    if (duration === null) {
      await this.removeRows(postId);
      return false;
    }
    const events = this.sql.table('tec_events');
    const occurrences = this.sql.table('tec_occurrences');
    const stored = await storedRows;
    const eventValues = [dates._EventStartDate, dates._EventEndDate, dates._EventTimezone, dates._EventStartDateUTC, dates._EventEndDateUTC, duration, nowUtc];
    const storedEvent = stored?.event_id != null ? Number(stored.event_id) : undefined;
    const eventRow =
      storedEvent !== undefined
        ? {
            sql: `UPDATE ${events} SET start_date = ?, end_date = ?, timezone = ?, start_date_utc = ?, end_date_utc = ?, duration = ?, updated_at = ?, hash = '' WHERE event_id = ?`,
            params: [...eventValues, storedEvent],
          }
        : {
            sql: `INSERT INTO ${events} (post_id, start_date, end_date, timezone, start_date_utc, end_date_utc, duration, updated_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '')`,
            params: [postId, ...eventValues],
          };
    // The occurrence names its events row: the stored one, or the one just inserted (the session's last
    // insert ID), so both rows are written in one round trip.
    const eventId = storedEvent !== undefined ? '?' : this.sql.isMysql ? 'LAST_INSERT_ID()' : 'last_insert_rowid()';
    const eventParam = storedEvent !== undefined ? [storedEvent] : [];

    const hash = occurrenceHash({
      postId,
      startDate: dates._EventStartDate,
      endDate: dates._EventEndDate,
      startDateUtc: dates._EventStartDateUTC,
      endDateUtc: dates._EventEndDateUTC,
      duration,
    });
    const occurrenceValues = [dates._EventStartDate, dates._EventStartDateUTC, dates._EventEndDate, dates._EventEndDateUTC, duration, hash, nowUtc];
    const occurrenceRow =
      stored?.occurrence_id != null
        ? {
            sql: `UPDATE ${occurrences} SET event_id = ${eventId}, start_date = ?, start_date_utc = ?, end_date = ?, end_date_utc = ?, duration = ?, hash = ?, updated_at = ? WHERE occurrence_id = ?`,
            params: [...eventParam, ...occurrenceValues, Number(stored.occurrence_id)],
          }
        : {
            sql: `INSERT INTO ${occurrences} (event_id, start_date, start_date_utc, end_date, end_date_utc, duration, hash, updated_at, post_id) VALUES (${eventId}, ?, ?, ?, ?, ?, ?, ?, ?)`,
            params: [...eventParam, ...occurrenceValues, postId],
          };
    await this.sql.runTogether([eventRow, occurrenceRow]);
    return true;
  }
}
