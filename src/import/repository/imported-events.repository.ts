import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { placeholders } from '../../database/sql';

/** Event Aggregator's meta key of an imported event's identity in its source (the iCalendar UID). */
export const UID_META_KEY = '_uid';

/** An event imported before, found by its UID. */
export interface ImportedPost {
  id: number;
  status: string;
}

/** Statements are grouped so that one file costs a statement per this many UIDs, not one per event. */
const UID_BATCH = 500;

/**
 * The imported events' SQL: which events a file's UIDs already are (postmeta `_uid`, read through
 * WordPress's `meta_key` index), and which occurrence of a series a RECURRENCE-ID points to.
 */
@Injectable()
export class ImportedEventsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * The event each UID was imported as: the first event of a series (occurrences copy its meta), else
   * the oldest post that carries it, trashed ones included (an event the site trashed is not re-created).
   */
  async byUids(uids: readonly string[]): Promise<Map<string, ImportedPost>> {
    const sql = this.db.sql;
    const found = new Map<string, ImportedPost>();
    for (let i = 0; i < uids.length; i += UID_BATCH) {
      const batch = uids.slice(i, i + UID_BATCH);
      const rows = await sql.rows<{ uid: string; ID: number; post_status: string }>(
        `SELECT m.meta_value AS uid, p.ID, p.post_status FROM ${sql.table('postmeta')} m JOIN ${sql.table('posts')} p ON p.ID = m.post_id
         WHERE m.meta_key = ? AND m.meta_value IN (${placeholders(batch)}) AND p.post_type = 'tribe_events'
         ORDER BY p.post_parent, p.ID`,
        [UID_META_KEY, ...batch],
      );
      for (const row of rows) if (!found.has(row.uid)) found.set(row.uid, { id: Number(row.ID), status: row.post_status });
    }
    return found;
  }

  /**
   * The occurrence of the series headed by `headId` that the rule started at `start` (a wall time in
   * the series' zone, or a day `YYYY-MM-DD`): a changed occurrence by the start it had, else by its start.
   */
  async occurrence(headId: number, start: string): Promise<number | undefined> {
    const sql = this.db.sql;
    const day = start.length === 10;
    const row = await sql.one<{ ID: number }>(
      `SELECT p.ID FROM ${sql.table('posts')} p JOIN ${sql.table('postmeta')} m ON m.post_id = p.ID
       WHERE (p.ID = ? OR p.post_parent = ?) AND p.post_type = 'tribe_events' AND p.post_status <> 'trash'
         AND m.meta_key IN ('_EventRecurrenceException', '_EventStartDate') AND m.meta_value ${day ? 'LIKE ?' : '= ?'}
       ORDER BY CASE WHEN m.meta_key = '_EventRecurrenceException' THEN 0 ELSE 1 END, p.ID`,
      [headId, headId, day ? `${start}%` : start],
    );
    return row ? Number(row.ID) : undefined;
  }
}
