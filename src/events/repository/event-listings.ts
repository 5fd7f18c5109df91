import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { CacheKey } from '../../wordpress/cache-keys';

/**
 * What the event list filters select an event by, besides its dates and status: its terms and the
 * venues and organizers its meta names, as the lists' keys (CacheKey.listedWith). A write reads them
 * before and after it changes the event, so it retires only the lists filtered by what the event had
 * or has (docs/caching.md "What a write retires").
 */
@Injectable()
export class EventListings {
  constructor(private readonly db: DatabaseService) {}

  /** The event's `listed:tt:…` and `listed:post:…` keys: one statement, in the current transaction. */
  async keysOf(id: number): Promise<string[]> {
    const sql = this.db.sql;
    const rows = await sql.rows<{ kind: 'tt' | 'post'; linked: string | number }>(
      `SELECT 'tt' AS kind, term_taxonomy_id AS linked FROM ${sql.table('term_relationships')} WHERE object_id = ?
       UNION ALL SELECT 'post', meta_value FROM ${sql.table('postmeta')} WHERE post_id = ? AND meta_key IN ('_EventVenueID', '_EventOrganizerID')`,
      [id, id],
    );
    // A value the filters' IDs cannot equal (0, text) names no list.
    return rows.filter((row) => Number(row.linked) > 0).map((row) => CacheKey.listedWith(row.kind, Number(row.linked)));
  }
}
