/**
 * The `GET /events` query (lists-and-filters.md §2): one builder, run as-is on SQLite and MariaDB, for
 * the page of IDs and for the total (COUNT over the same FROM/WHERE).
 *
 * Dates come from TEC 6's `tec_occurrences` row of each event (EVENT_DATES_SOURCE=occurrences, the
 * default): the rows hold the same four dates as the meta (storage.md §11; TEC writes them, so does
 * this service, and OccurrenceBackfill gives rows at boot to dated events without one), and the
 * service's own indexes on them (migration EventListIndexes: start date, post_id, end date — local and
 * UTC) make the window an index range read in list order: a page reads `per_page` rows, whatever the
 * table size; the total counts the window's rows, never the whole table. This deviates from storage.md
 * §11 ("the project's own queries MUST use the postmeta values") because issue #3 requires an
 * index-driven window, which longtext meta values cannot give. EVENT_DATES_SOURCE=postmeta keeps the
 * meta-only query (each date key joined on WordPress' post_id/meta_key indexes, then sorted) for TEC 5
 * sites whose WordPress does not maintain the TEC 6 tables.
 * The other filters are indexed: meta filters are EXISTS on postmeta's `post_id` index, or, for
 * `venue`/`organizer`, driven from the venue's or organizer's events through the service's
 * `eca_meta_key_value` index (migration MetaValueIndex; 1M events: 1,749 rows for one venue instead of
 * every event's venue row, 3.5 s → 40 ms); terms use the term_relationships primary key
 * (object_id, term_taxonomy_id) or its term_taxonomy_id index.
 *
 * EXPLAIN of a category + 30-day window on MariaDB 10.11 with 1,000,000 seeded events (UTC site: the
 * window compares the UTC columns, the list is ordered by local start; the last three date conditions
 * are the `indexBounds` below):
 *
 *   SELECT p.ID FROM wp_posts p JOIN wp_tec_occurrences o ON o.post_id = p.ID
 *   WHERE p.post_type = 'tribe_events' AND (p.post_status IN ('publish'))
 *     AND o.start_date_utc >= '2026-12-23 00:00:00' AND o.end_date_utc <= '2027-01-22 23:59:59'
 *     AND o.start_date_utc <= '2027-01-22 23:59:59'
 *     AND o.start_date >= '2026-12-22 00:00:00' AND o.start_date <= '2027-01-23 23:59:59'
 *     AND NOT EXISTS (SELECT 1 FROM wp_postmeta m WHERE m.post_id = p.ID AND m.meta_key = '_EventHideFromUpcoming')
 *     AND EXISTS (SELECT 1 FROM wp_term_relationships tr WHERE tr.object_id = p.ID AND tr.term_taxonomy_id IN (2))
 *   ORDER BY o.start_date, o.post_id LIMIT 10 OFFSET 0
 *
 *   id select_type  table type    key              ref              rows    Extra
 *   1  PRIMARY      o     range   eca_start_local  NULL             108212  Using index condition; Using where
 *   1  PRIMARY      p     eq_ref  PRIMARY          o.post_id        1       Using where
 *   1  PRIMARY      tr    eq_ref  PRIMARY          o.post_id,const  1       Using index
 *   2  MATERIALIZED m     ref     meta_key         const            1       Using where
 *
 * The range is read in list order (no filesort) and the read stops after the page: 10 ms, as for the
 * default list (without the implied bounds the optimizer drove from term_relationships and sorted,
 * 0.5–3.9 s). The total (COUNT over the same FROM/WHERE, without the list-order bounds) reads the
 * window's rows through the covering `eca_start_utc` range: it grows with the rows the window holds
 * (42,000 in these 30 days: 0.13 s, 0.23 s with the category), never with the table.
 */
import { RECURRENCE_META_KEY } from '../../recurrence';
import { Fragment, ListQuery } from '../../database/list-query';
import { placeholders, Sql } from '../../database/sql';
import { addDays, clampStorable, DateCondition, DateMetaKey, formatWall, parseStoredWall } from '../../dates';
import { PasswordAccess, ReadableStatuses, unlockedCondition, visibleCondition } from '../../wordpress/post-conditions';
import { hasTicketCondition } from './ticket-links';
import { GeoSelection, eventVenueInArea } from '../../venues';

export interface SearchTerm {
  text: string;
  /** `-word`: the event must not contain it. */
  exclude: boolean;
}

/** Everything that narrows the event list; all filters combine with AND. */
export interface EventListFilters {
  statuses: ReadableStatuses;
  callerId: number;
  /** Date-window conditions on the date meta keys (lists-and-filters.md §2.2). */
  dates: DateCondition[];
  orderKey: '_EventStartDate' | '_EventStartDateUTC';
  /** `include`: only these IDs, ordered by publication date (§2.6). */
  include?: number[];
  /** term_taxonomy_ids: the event has any of them (categories already expanded to descendants). */
  categoryTermTaxonomyIds?: number[];
  tagTermTaxonomyIds?: number[];
  venueIds?: number[];
  organizerIds?: number[];
  /** Geolocation (docs/geolocation.md): the venues in the area, or the area itself when it holds many. */
  geo?: GeoSelection;
  featured?: boolean;
  /** true: only events with an Event Tickets ticket; false: only events without one. */
  ticketed?: boolean;
  postParent?: number;
  search?: SearchTerm[];
  /** Anonymous searches leave password-protected events out (WP core). */
  excludeProtected?: boolean;
  /** The protected events the caller has unlocked (`password`, `context=edit`); absent: none. */
  access?: PasswordAccess;
  /** The protected events whose hidden fields `search` matches (post-access.ts `searchAccess`); absent: `access`. */
  searchAccess?: PasswordAccess;
}

/** LIKE pattern for a substring, with `!` as the escape character on both engines. */
function contains(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Where the list reads event dates from (EVENT_DATES_SOURCE, docs/event-list-and-dates.md). */
export type EventDatesSource = 'occurrences' | 'postmeta';

const OCCURRENCE_COLUMNS: Record<DateMetaKey, string> = {
  _EventStartDate: 'o.start_date',
  _EventEndDate: 'o.end_date',
  _EventStartDateUTC: 'o.start_date_utc',
  _EventEndDateUTC: 'o.end_date_utc',
};

const START_OF: Record<'_EventEndDate' | '_EventEndDateUTC', DateMetaKey> = { _EventEndDate: '_EventStartDate', _EventEndDateUTC: '_EventStartDateUTC' };
const OTHER_CLOCK: Record<string, DateMetaKey> = { _EventStartDate: '_EventStartDateUTC', _EventStartDateUTC: '_EventStartDate' };
/** More than any UTC offset (UTC−12 … UTC+14), in days: local and UTC start of one event differ by less. */
const CLOCK_MARGIN_DAYS = 1;

/**
 * Conditions implied by the window, added only so that the index can bound its range read:
 * - an event starts before it ends, so `end <= Y` implies `start <= Y` (the window's upper edge is
 *   usually on the end date, which no index leads with: without this the start range is open-ended);
 * - a bound on the UTC start bounds the local start within a day (and the other way round), so a
 *   window on one clock listed in the other clock's order still reads its range in list order.
 * They never exclude an event the window holds (given end ≥ start, which TEC and this service enforce).
 */
export function indexBounds(dates: DateCondition[], orderKey: DateMetaKey | undefined): { implied: DateCondition[]; inListOrder: DateCondition[] } {
  const startBounds = dates.filter((c) => c.key === '_EventStartDate' || c.key === '_EventStartDateUTC');
  for (const c of dates) {
    if ((c.key === '_EventEndDate' || c.key === '_EventEndDateUTC') && (c.operator === '<=' || c.operator === '<')) {
      startBounds.push({ key: START_OF[c.key], operator: c.operator, value: c.value });
    }
  }
  const implied = startBounds.filter((b) => !dates.includes(b));
  const inListOrder: DateCondition[] = [];
  for (const b of orderKey ? startBounds : []) {
    if (OTHER_CLOCK[b.key] !== orderKey) continue;
    const wall = parseStoredWall(b.value);
    if (!wall) continue;
    const lower = b.operator === '>=' || b.operator === '>';
    inListOrder.push({
      key: orderKey!,
      operator: lower ? '>=' : '<=',
      value: clampStorable(formatWall(addDays(wall, lower ? -CLOCK_MARGIN_DAYS : CLOCK_MARGIN_DAYS))),
    });
  }
  return { implied, inListOrder };
}

/**
 * The list of `GET /events` on the shared list builder (src/database/list-query.ts): this class adds
 * the events' FROM, conditions and order.
 */
export class EventListQuery {
  readonly list: ListQuery;
  private readonly orderColumn: string | undefined;
  /** Some condition or the order reads TEC's occurrence row `o` (EVENT_DATES_SOURCE=occurrences). */
  private joinsOccurrences = false;

  constructor(
    private readonly sql: Sql,
    private readonly filters: EventListFilters,
    source: EventDatesSource = 'occurrences',
  ) {
    this.list = new ListQuery(sql, 'p.ID', sql.table('posts') + ' p');
    const column = source === 'occurrences' ? this.occurrenceColumn() : this.postmetaColumn();
    this.orderColumn = filters.include ? undefined : column(filters.orderKey);
    this.list.where("p.post_type = 'tribe_events'");
    // Read from the occurrences, the post is found by its ID alone: SQLite's unary `+` keeps the
    // planner from seeking the lookup index once per listed status (an editor's five: 5× the total).
    this.list.whereFragment(visibleCondition('p', filters.statuses, filters.callerId, this.fromOccurrences() ? '+p.post_status' : 'p.post_status'));
    const compare = (c: DateCondition): Fragment => ({ text: `${column(c.key)} ${c.operator} ?`, params: [c.value] });
    for (const condition of filters.dates.map(compare)) this.list.whereFragment(condition);
    if (source === 'occurrences') {
      const bounds = indexBounds(filters.dates, filters.include ? undefined : filters.orderKey);
      for (const implied of bounds.implied.map(compare)) this.list.whereFragment(implied);
      // Only the page reads in list order; the total counts faster through the window's own clock.
      for (const bound of bounds.inListOrder.map(compare)) this.list.wherePage(bound.text, ...bound.params);
    }
    this.filterRows();
    this.list.from(this.from());
    this.list.orderBy(this.order());
    // One event, for a total kept by the writes (src/cache/kept-totals.ts); through its occurrence row too, so
    // that SQLite, reading from the occurrences first (from()), finds it by index.
    this.list.identifiedBy(...(this.joinsOccurrences ? ['p.ID', 'o.post_id'] : ['p.ID']));
    // Each row's date in list order (`list_key`): the range of a page (list-months.ts).
    if (this.orderValue()) this.list.select(`p.ID, ${this.orderValue()} AS list_key`);
  }

  /**
   * TEC's occurrence row (one per non-recurring event), joined once; its date columns are indexed by
   * the service's own indexes (migration EventListIndexes), so the window is an index range read in
   * start order.
   */
  private occurrenceColumn(): (key: DateMetaKey) => string {
    return (key) => {
      this.joinsOccurrences = true;
      return OCCURRENCE_COLUMNS[key];
    };
  }

  /** Each date meta key joined once on (post_id, meta_key): for databases whose TEC tables are not kept. */
  private postmetaColumn(): (key: DateMetaKey) => string {
    const aliases = new Map<string, string>();
    return (key) => {
      if (!aliases.has(key)) {
        const name = `d${aliases.size}`;
        aliases.set(key, name);
        this.list.join(`JOIN ${this.sql.table('postmeta')} ${name} ON ${name}.post_id = p.ID AND ${name}.meta_key = ?`, key);
      }
      return `${aliases.get(key)!}.meta_value`;
    };
  }

  /**
   * The events whose `key` meta names one of the linked posts `ids`, read from the linked posts' side
   * through the `eca_meta_key_value` index. Written as `IN (subquery)` so that SQLite, too, drives the
   * query from those few events (10k events, one venue: 255 ms → 3 ms for the total): with `EXISTS` it
   * probed the meta of every event of the site; MariaDB turns either form into this semi-join.
   */
  private linkedTo(key: string, ids: readonly number[]): string {
    return `p.ID IN (SELECT m.post_id FROM ${this.sql.table('postmeta')} m WHERE m.meta_key = '${key}' AND m.meta_value IN (${placeholders(ids)}))`;
  }

  /** An indexed probe of the event's own meta rows (postmeta `post_id` index). */
  private metaExists(condition: string): string {
    return `EXISTS (SELECT 1 FROM ${this.sql.table('postmeta')} m WHERE m.post_id = p.ID AND ${condition})`;
  }

  private filterRows(): void {
    const { filters, list } = this;
    const unlocked = unlockedCondition(this.sql, 'p', filters.access ?? {});
    // The hidden events, read once through the `meta_key` index (a handful of rows), not a probe of
    // each event's meta rows: per window row that probe cost more than the rest of the count.
    // postmeta.post_id is NOT NULL, so NOT IN is NOT EXISTS.
    list.where(`p.ID NOT IN (SELECT m.post_id FROM ${this.sql.table('postmeta')} m WHERE m.meta_key = '_EventHideFromUpcoming')`);
    if (filters.featured !== undefined) list.where(`${filters.featured ? '' : 'NOT '}${this.metaExists("m.meta_key = '_tribe_featured'")}`);
    if (filters.ticketed !== undefined) {
      const ticket = hasTicketCondition(this.sql, 'p');
      list.where(`${filters.ticketed ? '' : 'NOT '}${ticket.text}`, ...ticket.params);
    }
    const links: [string, number[] | undefined][] = [
      ['_EventVenueID', filters.venueIds],
      ['_EventOrganizerID', filters.organizerIds],
    ];
    if (filters.geo && 'venueIds' in filters.geo) links.push(['_EventVenueID', filters.geo.venueIds]);
    for (const [key, ids] of links) {
      if (ids?.length === 0) list.whereNone();
      else if (ids) list.where(this.linkedTo(key, ids), ...ids.map(String));
    }
    if (filters.geo && 'area' in filters.geo) list.whereFragment(eventVenueInArea(this.sql, 'p', filters.geo.area));
    for (const ids of [filters.categoryTermTaxonomyIds, filters.tagTermTaxonomyIds]) {
      if (!ids) continue;
      if (!ids.length) list.whereNone();
      else {
        list.where(
          `EXISTS (SELECT 1 FROM ${this.sql.table('term_relationships')} tr WHERE tr.object_id = p.ID AND tr.term_taxonomy_id IN (${placeholders(ids)}))`,
          ...ids,
        );
      }
    }
    // These filters read fields a locked protected event shows blanked (auth-and-permissions.md §4.4):
    // such an event must not match through them, in either direction (issue #13). Categories are not
    // among them: the plugin lists and counts a protected event under its categories for every caller
    // (issue #31 item 6, quirks.md Q71).
    const blankedFilters = [filters.featured, filters.ticketed, filters.geo, filters.venueIds, filters.organizerIds, filters.tagTermTaxonomyIds];
    if (blankedFilters.some((f) => f !== undefined)) list.whereFragment(unlocked);
    if (filters.include) {
      if (filters.include.length) list.where(`p.ID IN (${placeholders(filters.include)})`, ...filters.include);
      else list.whereNone();
    }
    if (filters.postParent !== undefined) {
      // Issue #24 over the plugin (quirks.md): a series' first event is listed with its children.
      list.where(
        `(p.post_parent = ? OR (p.ID = ? AND EXISTS (SELECT 1 FROM ${this.sql.table('postmeta')} r WHERE r.post_id = p.ID AND r.meta_key = ?)))`,
        filters.postParent,
        filters.postParent,
        RECURRENCE_META_KEY,
      );
    }
    const searchable = filters.searchAccess ? unlockedCondition(this.sql, 'p', filters.searchAccess) : unlocked;
    for (const term of filters.search ?? []) this.searchTerm(term, searchable);
    if (filters.excludeProtected) list.where("p.post_password = ''");
  }

  /**
   * One search term (WP core: title, excerpt, content). Of a protected event the caller may not read
   * (`searchable` does not hold) only the title is searched — for `-word` too (issue #13).
   */
  private searchTerm(term: SearchTerm, unlocked: Fragment): void {
    const pattern = contains(term.text);
    const params = [pattern, ...unlocked.params, pattern, pattern];
    if (term.exclude) {
      this.list.where(
        `(p.post_title NOT LIKE ? ESCAPE '!' AND (NOT ${unlocked.text} OR (p.post_excerpt NOT LIKE ? ESCAPE '!' AND p.post_content NOT LIKE ? ESCAPE '!')))`,
        ...params,
      );
    } else {
      this.list.where(
        `(p.post_title LIKE ? ESCAPE '!' OR (${unlocked.text} AND (p.post_excerpt LIKE ? ESCAPE '!' OR p.post_content LIKE ? ESCAPE '!')))`,
        ...params,
      );
    }
  }

  /**
   * The posts, or the posts joined to their occurrence row. On SQLite a window is read from the
   * occurrence date index in a fixed join order (`CROSS JOIN`), each row's post checked through the
   * narrow covering index of migration PostLookupIndex (`INDEXED BY`: the planner prefers the primary
   * key, a read of the whole post row). Left to itself, SQLite (no statistics) drove from the posts'
   * (post_type, post_status) index: every visible event of the site probed whatever the window, the
   * page sorted (10k events: 20 ms for the page, now 0.02 ms). Not for `include` (a few IDs, read by
   * primary key) nor `venue`/`organizer` (driven from the linked post's events, see the header).
   * MariaDB keeps its own choice: with its statistics it reads the page from the date index, and the
   * total of a window holding most events from the posts' type/status index in ID order (200k events
   * in the window: 0.35 s; from the occurrence range, 200k random post lookups: 1–10 s).
   */
  private from(): string {
    const posts = `${this.sql.table('posts')} p`;
    const occurrences = `${this.sql.table('tec_occurrences')} o`;
    if (this.fromOccurrences()) return `${occurrences} CROSS JOIN ${posts} INDEXED BY ${this.sql.table('eca_post_lookup')} ON p.ID = o.post_id`;
    return this.joinsOccurrences ? `${posts} JOIN ${occurrences} ON o.post_id = p.ID` : posts;
  }

  private fromOccurrences(): boolean {
    const { include, venueIds, organizerIds, geo } = this.filters;
    const venueRoad = venueIds || organizerIds || (geo && 'venueIds' in geo);
    return this.joinsOccurrences && !this.sql.isMysql && !include && !venueRoad;
  }

  /** Ordering: event start ascending (ties by ID, OQ-2); `include`: publication date, then ID (§2.6). */
  private order(): string {
    const value = this.orderValue();
    if (!value) return 'p.post_date, p.ID';
    // o.post_id, not p.ID: the same value, but only the occurrence's column lets the index give the order.
    return `${value}, ${value.startsWith('o.') ? 'o.post_id' : 'p.ID'}`;
  }

  /** The event date the list is ordered by, as the order compares it; none for `include`. */
  private orderValue(): string | undefined {
    const column = this.orderColumn;
    if (!column || column.startsWith('o.')) return column;
    // Sorting the longtext itself makes MariaDB build an on-disk (Aria) temporary table; the stored
    // dates are 19 characters, so a CHAR(19) key sorts the same and keeps the table in memory.
    return this.sql.isMysql ? `CAST(${column} AS CHAR(19))` : column;
  }
}
