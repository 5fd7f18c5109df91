import { Fragment, fragment, ListQuery } from '../../database/list-query';
import { placeholders, Sql } from '../../database/sql';
import { LinkedPostType } from '../linked-post-type';
import { PasswordAccess, ReadableStatuses, unlockedCondition, visibleCondition } from '../../wordpress/post-conditions';
import { searchCondition } from './search';

/** Event statuses that make a record "have events" (Q44 DEVIATE: not trash/auto-draft/draft/pending). */
export const HAS_EVENTS_STATUSES: readonly string[] = ['publish', 'future', 'private'];

/**
 * Event statuses that make a record "upcoming" for a caller who may read such events (§3.3, TEC tests
 * `VenueByUpcomingArchiveCest`): an anonymous caller reads only `publish`, an editor all four.
 */
export const UPCOMING_STATUSES: readonly string[] = ['publish', 'private', 'draft', 'pending'];

export interface ListFilters {
  statuses: ReadableStatuses;
  callerId: number;
  /** Only records linked from this event. */
  event?: number;
  /** true: linked from a counting event; false: from none. */
  hasEvents?: boolean;
  /**
   * Only records linked from an event the caller may read among these statuses (visibleCondition),
   * starting at or after this UTC wall time.
   */
  upcoming?: { fromUtc: string; statuses: ReadableStatuses };
  /**
   * The protected events the caller has unlocked: the three filters above read the events' venue /
   * organizer link, which a locked protected event shows blanked, so only unlocked events link (issue #13).
   */
  eventAccess: PasswordAccess;
  /** `search` (lists-and-filters.md §3.2): its fragments, and the listed records the caller has unlocked. */
  search?: { fragments: string[]; recordAccess: PasswordAccess };
}

/**
 * The records matching every filter, in WordPress' default order: publication date descending, then ID
 * descending (Q58) — on the shared list builder (src/database/list-query.ts). Links are read from the
 * events' meta, compared as numbers, and only from events the caller has unlocked (ListFilters.eventAccess).
 */
export class LinkedListQuery {
  readonly list: ListQuery;

  constructor(
    private readonly sql: Sql,
    type: LinkedPostType,
    filters: ListFilters,
  ) {
    this.list = new ListQuery(sql, 'p.ID', `${sql.table('posts')} p`).where('p.post_type = ?', type.postType);
    this.list.whereFragment(visibleCondition('p', filters.statuses, filters.callerId));
    this.eventFilters(type, filters);
    const search = filters.search;
    if (search?.fragments.length) {
      this.list.whereFragment(searchCondition(sql, type.searchKeys, search.fragments, unlockedCondition(sql, 'p', search.recordAccess)));
    }
    this.list.orderBy('p.post_date DESC, p.ID DESC');
  }

  /** `event`, `has_events` and `only_with_upcoming` (lists-and-filters.md §3.1, §3.3). */
  private eventFilters(type: LinkedPostType, filters: ListFilters): void {
    const posts = this.sql.table('posts');
    const meta = this.sql.table('postmeta');
    const asId = (column: string) => `CAST(TRIM(${column}) AS ${this.sql.isMysql ? 'UNSIGNED' : 'INTEGER'})`;
    const unlocked = unlockedCondition(this.sql, 'e', filters.eventAccess);
    if (filters.event !== undefined) {
      this.list.where(
        `p.ID IN (SELECT ${asId('m.meta_value')} FROM ${meta} m JOIN ${posts} e ON e.ID = m.post_id WHERE m.post_id = ? AND m.meta_key = ? AND ${unlocked.text})`,
        filters.event,
        type.eventLinkKey,
        ...unlocked.params,
      );
    }
    const linkedFrom = (statuses: Fragment, extraJoin = '', extraWhere = '') =>
      `EXISTS (SELECT 1 FROM ${meta} m JOIN ${posts} e ON e.ID = m.post_id ${extraJoin}
        WHERE m.meta_key = ? AND e.post_type = 'tribe_events' AND ${statuses.text}
        AND ${asId('m.meta_value')} = p.ID ${extraWhere} AND ${unlocked.text})`;
    if (filters.hasEvents !== undefined) {
      const counting = fragment(`e.post_status IN (${placeholders(HAS_EVENTS_STATUSES)})`, ...HAS_EVENTS_STATUSES);
      this.list.where(`${filters.hasEvents ? '' : 'NOT '}${linkedFrom(counting)}`, type.eventLinkKey, ...counting.params, ...unlocked.params);
    }
    if (filters.upcoming) {
      const { fromUtc, statuses } = filters.upcoming;
      const readable = visibleCondition('e', statuses, filters.callerId);
      this.list.where(
        linkedFrom(readable, `JOIN ${meta} s ON s.post_id = e.ID AND s.meta_key = '_EventStartDateUTC'`, 'AND TRIM(s.meta_value) >= ?'),
        type.eventLinkKey,
        ...readable.params,
        fromUtc,
        ...unlocked.params,
      );
    }
  }
}
