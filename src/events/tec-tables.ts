import { Injectable } from '@nestjs/common';
import { Sql } from '../database/sql';
import { EventDateMeta, occurrenceHash } from './dates';

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

@Injectable()
export class TecTables {
  /** Whether the database has both tables (checked per write: no caching layer, storage.md §15). */
  async exist(sql: Sql): Promise<boolean> {
    const names = [`${sql.prefix}tec_events`, `${sql.prefix}tec_occurrences`];
    const rows = sql.isMysql
      ? await sql.rows(`SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?, ?)`, names)
      : await sql.rows(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)`, names);
    return rows.length === 2;
  }

  /** Writes the event's rows from its date meta; an event that gets none has its old rows removed. */
  async upsert(sql: Sql, postId: number, dates: EventDateMeta, nowUtc: string): Promise<void> {
    if (!(await this.exist(sql))) return;
    const duration = tecRowDuration(dates);
    if (duration === null) {
      await sql.run(`DELETE FROM ${sql.table('tec_occurrences')} WHERE post_id = ?`, [postId]);
      await sql.run(`DELETE FROM ${sql.table('tec_events')} WHERE post_id = ?`, [postId]);
      return;
    }
    const events = sql.table('tec_events');
    const eventRow = await sql.one<{ event_id: number }>(`SELECT event_id FROM ${events} WHERE post_id = ?`, [postId]);
    const eventValues = [dates._EventStartDate, dates._EventEndDate, dates._EventTimezone, dates._EventStartDateUTC, dates._EventEndDateUTC, duration, nowUtc];
    let eventId: number;
    if (eventRow) {
      eventId = Number(eventRow.event_id);
      await sql.run(
        `UPDATE ${events} SET start_date = ?, end_date = ?, timezone = ?, start_date_utc = ?, end_date_utc = ?, duration = ?, updated_at = ?, hash = '' WHERE event_id = ?`,
        [...eventValues, eventId],
      );
    } else {
      eventId = (
        await sql.run(
          `INSERT INTO ${events} (post_id, start_date, end_date, timezone, start_date_utc, end_date_utc, duration, updated_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '')`,
          [postId, ...eventValues],
        )
      ).insertId;
    }

    const occurrences = sql.table('tec_occurrences');
    const hash = occurrenceHash({
      postId,
      startDate: dates._EventStartDate,
      endDate: dates._EventEndDate,
      startDateUtc: dates._EventStartDateUTC,
      endDateUtc: dates._EventEndDateUTC,
      duration,
    });
    const occurrenceValues = [eventId, dates._EventStartDate, dates._EventStartDateUTC, dates._EventEndDate, dates._EventEndDateUTC, duration, hash, nowUtc];
    const occurrence = await sql.one<{ occurrence_id: number }>(
      `SELECT occurrence_id FROM ${occurrences} WHERE post_id = ? ORDER BY occurrence_id LIMIT 1`,
      [postId],
    );
    if (occurrence) {
      await sql.run(
        `UPDATE ${occurrences} SET event_id = ?, start_date = ?, start_date_utc = ?, end_date = ?, end_date_utc = ?, duration = ?, hash = ?, updated_at = ? WHERE occurrence_id = ?`,
        [...occurrenceValues, Number(occurrence.occurrence_id)],
      );
    } else {
      await sql.run(
        `INSERT INTO ${occurrences} (event_id, start_date, start_date_utc, end_date, end_date_utc, duration, hash, updated_at, post_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...occurrenceValues, postId],
      );
    }
  }
}
