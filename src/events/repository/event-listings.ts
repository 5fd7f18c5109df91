import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { CacheKey } from '../../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { monthKeys } from '../list-months';
import { tecRowDuration } from './tec-tables';
import type { EventDateMeta } from '../../dates';

/** The meta the event lists select or order by, besides the linked posts. */
const DATE_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'];
/** Whether the event has TEC's occurrence row (which the lists read) depends on its duration too. */
const SELECTING_KEYS = ['_EventHideFromUpcoming', '_tribe_featured', '_EventDuration'];
const LINK_KEYS = ['_EventVenueID', '_EventOrganizerID'];

/** What of an event the lists select and order it by, read in a write's transaction. */
export interface EventListing {
  /** The `listed:tt:…` and `listed:post:…` keys of its terms, venues and organizers (CacheKey.listedWith). */
  keys: string[];
  /** Its status, author, password, parent, hidden and featured flags: what any list may select by, dates aside. */
  selection: string;
  /** Its title, excerpt and content: what a search selects by. */
  texts: string;
  /** Its four stored dates (local and UTC start and end); undefined unless each is stored once. */
  dates?: string[];
}

/**
 * What the event lists select an event by, read before and after a write changes it, so the write
 * retires only the lists it can change (docs/caching.md "What a write retires"): those filtered by a
 * venue, organizer or term the event had or has; the unfiltered ones only if something they select by
 * other than the dates changed, else only those whose window bounds or page lie in the months the
 * event's dates span (list-months.ts); the searches if its texts changed.
 */
@Injectable()
export class EventListings {
  constructor(private readonly db: DatabaseService) {}

  /** The event's listing: one statement, in the current transaction. */
  async of(id: number): Promise<EventListing> {
    const sql = this.db.sql;
    const posts = sql.table('posts');
    const fields = ['post_status', 'post_author', 'post_password', 'post_parent', 'post_title', 'post_excerpt', 'post_content'];
    const metaKeys = [...LINK_KEYS, ...SELECTING_KEYS, ...DATE_KEYS];
    const rows = await sql.rows<{ kind: 'tt' | 'meta' | 'post'; name: string; value: string | number | null }>(
      `SELECT 'tt' AS kind, '' AS name, term_taxonomy_id AS value FROM ${sql.table('term_relationships')} WHERE object_id = ?
       UNION ALL SELECT 'meta', meta_key, meta_value FROM ${sql.table('postmeta')} WHERE post_id = ? AND meta_key IN (${metaKeys.map(() => '?').join(', ')})
       ${fields.map((field) => `UNION ALL SELECT 'post', '${field}', ${field} FROM ${posts} WHERE ID = ?`).join('\n       ')}`,
      [id, id, ...metaKeys, ...fields.map(() => id)],
    );
    const keys: string[] = [];
    const selection: Record<string, unknown[]> = {};
    const texts: Record<string, unknown> = {};
    for (const { kind, name, value } of rows) {
      // A value the filters' IDs cannot equal (0, text) names no list.
      if (kind === 'tt' || LINK_KEYS.includes(name)) {
        if (Number(value) > 0) keys.push(CacheKey.listedWith(kind === 'tt' ? 'tt' : 'post', Number(value)));
      } else if (name === 'post_title' || name === 'post_excerpt' || name === 'post_content') texts[name] = value;
      else (selection[name] ??= []).push(value === null ? null : String(value));
    }
    const dates = DATE_KEYS.map((key) => (selection[key]?.length === 1 ? selection[key][0] : null));
    const stored = dates.every((date) => typeof date === 'string');
    const meta = Object.fromEntries(DATE_KEYS.map((key, i) => [key, dates[i]])) as unknown as EventDateMeta;
    selection.occurrenceRow = [stored && tecRowDuration({ ...meta, _EventDuration: String(selection._EventDuration?.[0]) }) !== null];
    for (const values of Object.values(selection)) values.sort();
    return {
      keys,
      selection: JSON.stringify(sortedEntries(selection, [...DATE_KEYS, '_EventDuration'])),
      texts: JSON.stringify(sortedEntries(texts)),
      dates: stored ? (dates as string[]) : undefined,
    };
  }

  /** What a created event's write names: every unfiltered list (the event may be in any), and the lists of what it has. */
  created(after: EventListing): string[] {
    return [CacheKey.listed(EVENT_POST_TYPE), ...after.keys];
  }

  /**
   * What an update of an event names: the lists of what it had and has; the unfiltered lists (`listed`),
   * or, when only its dates moved, those of the months they span (`listedDates`, `listedIn`); the
   * searches (`text`) when its texts changed.
   */
  updated(before: EventListing, after: EventListing): string[] {
    const keys = [...before.keys, ...after.keys];
    const months = before.selection === after.selection && before.dates && after.dates ? monthKeys([...before.dates, ...after.dates]) : undefined;
    if (!months) return [CacheKey.listed(EVENT_POST_TYPE), ...keys];
    keys.push(CacheKey.listedDates(EVENT_POST_TYPE), ...months);
    if (before.texts !== after.texts) keys.push(CacheKey.text(EVENT_POST_TYPE));
    return keys;
  }
}

/** The record's entries in name order, without those named in `leaving`. */
function sortedEntries(record: Record<string, unknown>, leaving: readonly string[] = []): [string, unknown][] {
  return Object.entries(record)
    .filter(([name]) => !leaving.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
