import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { postFamily } from '../../database/list-query';
import { placeholders } from '../../database/sql';
import { CacheKey } from '../../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { monthKeys } from '../list-months';
import { changedTextKeys } from '../search-grams';
import { tecRowDuration } from './tec-tables';
import type { EventDateMeta } from '../../dates';

/** The meta the event lists select or order by, besides the linked posts. */
const DATE_KEYS = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'];
/** Flags some lists select by. */
const FLAG_KEYS = ['_EventHideFromUpcoming', '_tribe_featured'];
/** With the dates, whether the event has TEC's occurrence row, which the lists read. */
const DURATION_KEY = '_EventDuration';
const LINK_KEYS = ['_EventVenueID', '_EventOrganizerID'];
const TEXT_FIELDS = ['post_title', 'post_excerpt', 'post_content'];
const POST_FIELDS = ['post_status', 'post_author', 'post_password', 'post_parent', ...TEXT_FIELDS];

/** What of an event the lists select and order it by, read in a write's transaction. */
export interface EventListing {
  /** The `listed:tt:…` and `listed:post:…` keys of its terms, venues and organizers (CacheKey.listedWith). */
  keys: string[];
  /** Its status, author, password, parent, hidden and featured flags, whether it has TEC's occurrence row: what any list may select by, dates aside. */
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
    const metaKeys = [...LINK_KEYS, ...FLAG_KEYS, DURATION_KEY, ...DATE_KEYS];
    const postFields = POST_FIELDS.map((field) => `UNION ALL SELECT 'post', '${field}', ${field} FROM ${sql.table('posts')} WHERE ID = ?`);
    const rows = await sql.rows<ListingRow>(
      `SELECT 'tt' AS kind, '' AS name, term_taxonomy_id AS value FROM ${sql.table('term_relationships')} WHERE object_id = ?
       UNION ALL SELECT 'meta', meta_key, meta_value FROM ${sql.table('postmeta')} WHERE post_id = ? AND meta_key IN (${placeholders(metaKeys)})
       ${postFields.join('\n       ')}`,
      [id, id, ...metaKeys, ...POST_FIELDS.map(() => id)],
    );
    return listingOf(rows);
  }

  /**
   * The `listed:tt:…` and `listed:post:…` keys of the posts `parents` and their children (a series'
   * events): one statement, in the current transaction.
   */
  async familyKeys(parents: readonly number[]): Promise<string[]> {
    const sql = this.db.sql;
    const family = postFamily(sql.table('posts'), parents);
    const rows = await sql.rows<ListingRow>(
      `SELECT 'tt' AS kind, '' AS name, term_taxonomy_id AS value FROM ${sql.table('term_relationships')} WHERE object_id IN (${family.text})
       UNION SELECT 'meta', meta_key, meta_value FROM ${sql.table('postmeta')} WHERE post_id IN (${family.text}) AND meta_key IN (${placeholders(LINK_KEYS)})`,
      [...family.params, ...family.params, ...LINK_KEYS],
    );
    return listingOf(rows).keys;
  }

  /**
   * What a write that adds the event or takes it away (a create, a trash, a deletion) names: every
   * unfiltered list (it may be in any), and the lists of what it has.
   */
  addedOrRemoved(listing: EventListing): string[] {
    return this.holding(listing);
  }

  /**
   * Keys one of which every list that holds the event shows: a list declares `listed` unless it is
   * filtered by venues, organizers or terms, and then the keys of one such filter, which the event
   * matches only by having one of them (docs/caching.md "What a write retires").
   */
  holding(listing: EventListing): string[] {
    return [CacheKey.listed(EVENT_POST_TYPE), ...listing.keys];
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
    if (before.texts !== after.texts) keys.push(...(changedTextKeys(changedTexts(before, after)) ?? [CacheKey.text(EVENT_POST_TYPE)]));
    return keys;
  }
}

/** The values, before and after, of each text field that changed (`texts` holds each field's values). */
function changedTexts(before: EventListing, after: EventListing): string[] {
  const fields = (listing: EventListing) => new Map(JSON.parse(listing.texts) as [string, (string | null)[]][]);
  const [old, now] = [fields(before), fields(after)];
  const changed: string[] = [];
  for (const name of TEXT_FIELDS) {
    const [was, is] = [old.get(name) ?? [], now.get(name) ?? []];
    if (JSON.stringify(was) !== JSON.stringify(is)) changed.push(...[...was, ...is].filter((value) => value !== null));
  }
  return changed;
}

/** One row of EventListings.of: a term relationship, a meta row, or one field of the post. */
interface ListingRow {
  kind: 'tt' | 'meta' | 'post';
  name: string;
  value: string | number | null;
}

/** The listing of an event from its rows (values sorted: the same data always gives the same text). */
function listingOf(rows: readonly ListingRow[]): EventListing {
  const keys: string[] = [];
  const values = new Map<string, (string | null)[]>();
  for (const { kind, name, value } of rows) {
    // A value the filters' IDs cannot equal (0, text) names no list.
    if (kind === 'tt' || LINK_KEYS.includes(name)) {
      if (Number(value) > 0) keys.push(CacheKey.listedWith(kind === 'tt' ? 'tt' : 'post', Number(value)));
    } else values.set(name, [...(values.get(name) ?? []), value === null ? null : String(value)]);
  }
  const stored = DATE_KEYS.map((key) => (values.get(key)?.length === 1 ? values.get(key)![0] : null));
  const dates = stored.every((date) => typeof date === 'string') ? (stored as string[]) : undefined;
  const named = (names: readonly string[]) => [...values].filter(([name]) => names.includes(name)).map(([name, list]) => [name, [...list].sort()]);
  const selecting = [...POST_FIELDS.filter((field) => !TEXT_FIELDS.includes(field)), ...FLAG_KEYS];
  return {
    keys,
    selection: JSON.stringify([...named(selecting).sort(), ['occurrenceRow', hasOccurrenceRow(dates, values.get(DURATION_KEY))]]),
    texts: JSON.stringify(named(TEXT_FIELDS).sort()),
    dates,
  };
}

/** Whether TEC keeps an occurrence row for these dates (tecRowDuration): an event without one is in no list. */
function hasOccurrenceRow(dates: readonly string[] | undefined, duration: readonly (string | null)[] | undefined): boolean {
  if (!dates || duration?.length !== 1) return false;
  const [start, end, startUtc, endUtc] = dates;
  const meta = { _EventStartDate: start, _EventEndDate: end, _EventStartDateUTC: startUtc, _EventEndDateUTC: endUtc, _EventDuration: String(duration[0]) };
  return tecRowDuration(meta as EventDateMeta) !== null;
}
