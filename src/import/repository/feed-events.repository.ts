import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { UID_META_KEY } from './imported-events.repository';

/** Event Aggregator's meta key of where an imported event came from (the URL of a feed). */
export const SOURCE_META_KEY = '_tribe_aggregator_source';

/** An event a feed brought in that has not started yet. */
export interface UpcomingFeedEvent {
  id: number;
  uid: string;
  title: string;
}

/** The events of a subscribed feed, for the run that trashes those that left it. */
@Injectable()
export class FeedEventsRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * The events (a series: its first event, post_parent 0; occurrences copy its meta) imported from
   * `source`, not in the trash, that start after `nowUtc` (`YYYY-MM-DD HH:MM:SS`), oldest first.
   */
  async upcoming(source: string, nowUtc: string): Promise<UpcomingFeedEvent[]> {
    const sql = this.db.sql;
    const rows = await sql.rows<{ ID: number; uid: string; post_title: string }>(
      `SELECT p.ID, u.meta_value AS uid, p.post_title FROM ${sql.table('postmeta')} s
       JOIN ${sql.table('posts')} p ON p.ID = s.post_id
       JOIN ${sql.table('postmeta')} u ON u.post_id = p.ID AND u.meta_key = ?
       JOIN ${sql.table('postmeta')} d ON d.post_id = p.ID AND d.meta_key = '_EventStartDateUTC'
       WHERE s.meta_key = ? AND s.meta_value = ? AND p.post_type = 'tribe_events' AND p.post_parent = 0 AND p.post_status <> 'trash' AND d.meta_value > ?
       ORDER BY p.ID`,
      [UID_META_KEY, SOURCE_META_KEY, source, nowUtc],
    );
    return rows.map((row) => ({ id: Number(row.ID), uid: row.uid, title: row.post_title }));
  }
}
