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
 * The other filters are indexed probes: meta filters are EXISTS on postmeta's `post_id` index, terms on
 * the term_relationships primary key (object_id, term_taxonomy_id).
 *
 * EXPLAIN of the default list on MariaDB 10.11, 10,000 seeded events (UTC site: the window compares the
 * UTC columns, the list is ordered by local start):
 *
 *   SELECT p.ID FROM wp_posts p JOIN wp_tec_occurrences o ON o.post_id = p.ID
 *   WHERE p.post_type = 'tribe_events' AND (p.post_status IN ('publish'))
 *     AND o.start_date_utc >= '2026-11-21 00:00:00' AND o.end_date_utc <= '2028-11-22 23:59:59'
 *     AND NOT EXISTS (SELECT 1 FROM wp_postmeta m WHERE m.post_id = p.ID AND m.meta_key = '_EventHideFromUpcoming')
 *   ORDER BY o.start_date, o.post_id LIMIT 10 OFFSET 0
 *
 *   id select_type  table type    key              ref          rows  Extra
 *   1  PRIMARY      o     index   eca_start_local  NULL         40    Using where
 *   1  PRIMARY      p     eq_ref  PRIMARY          o.post_id    1     Using where
 *   2  MATERIALIZED m     ref     meta_key         const        1     Using where
 *
 * The occurrences are read in `eca_start_local` order and the read stops after the page (2 ms; the
 * meta-only query took 0.9 s at this size); a narrower window is a `range` read of `eca_start_utc`
 * (or `eca_start_local` when the site is not UTC); a category filter may instead drive from
 * term_relationships when it is the more selective index.
 */
import { placeholders, Sql, SqlParam } from '../database/sql';
import { ReadableStatuses } from '../linked-posts/visibility';
import { DateCondition, DateMetaKey } from './dates';

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
  featured?: boolean;
  postParent?: number;
  search?: SearchTerm[];
  /** Anonymous searches leave password-protected events out (WP core). */
  excludeProtected?: boolean;
}


/** LIKE pattern for a substring, with `!` as the escape character on both engines. */
function contains(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

type Fragment = { text: string; params: SqlParam[] };

/** Where the list reads event dates from (EVENT_DATES_SOURCE, README "Event list and dates"). */
export type EventDatesSource = 'occurrences' | 'postmeta';

const OCCURRENCE_COLUMNS: Record<DateMetaKey, string> = {
  _EventStartDate: 'o.start_date',
  _EventEndDate: 'o.end_date',
  _EventStartDateUTC: 'o.start_date_utc',
  _EventEndDateUTC: 'o.end_date_utc',
};

/** Builds the FROM … WHERE part and its parameters; `page` and `count` wrap it. */
export class EventListQuery {
  private readonly joins: Fragment[] = [];
  private readonly where: Fragment[] = [];
  private readonly orderColumn: string | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly filters: EventListFilters,
    source: EventDatesSource = 'occurrences',
  ) {
    const column = source === 'occurrences' ? this.occurrenceColumn() : this.postmetaColumn();
    this.orderColumn = filters.include ? undefined : column(filters.orderKey);
    this.add("p.post_type = 'tribe_events'");
    this.visibility();
    for (const condition of filters.dates) this.add(`${column(condition.key)} ${condition.operator} ?`, condition.value);
    this.filterRows();
  }

  /**
   * TEC's occurrence row (one per non-recurring event), joined once; its date columns are indexed by
   * the service's own indexes (migration EventListIndexes), so the window is an index range read in
   * start order.
   */
  private occurrenceColumn(): (key: DateMetaKey) => string {
    let joined = false;
    return (key) => {
      if (!joined) {
        joined = true;
        this.joins.push({ text: `JOIN ${this.sql.table('tec_occurrences')} o ON o.post_id = p.ID`, params: [] });
      }
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
        this.joins.push({ text: `JOIN ${this.sql.table('postmeta')} ${name} ON ${name}.post_id = p.ID AND ${name}.meta_key = ?`, params: [key] });
      }
      return `${aliases.get(key)!}.meta_value`;
    };
  }

  private add(text: string, ...params: SqlParam[]): void {
    this.where.push({ text, params });
  }

  /** An indexed probe of the event's own meta rows (postmeta `post_id` index). */
  private metaExists(condition: string): string {
    return `EXISTS (SELECT 1 FROM ${this.sql.table('postmeta')} m WHERE m.post_id = p.ID AND ${condition})`;
  }

  private filterRows(): void {
    const { filters } = this;
    this.add(`NOT ${this.metaExists("m.meta_key = '_EventHideFromUpcoming'")}`);
    if (filters.featured !== undefined) this.add(`${filters.featured ? '' : 'NOT '}${this.metaExists("m.meta_key = '_tribe_featured'")}`);
    const links: [string, number[] | undefined][] = [
      ['_EventVenueID', filters.venueIds],
      ['_EventOrganizerID', filters.organizerIds],
    ];
    for (const [key, ids] of links) {
      if (ids) this.add(this.metaExists(`m.meta_key = '${key}' AND m.meta_value IN (${placeholders(ids)})`), ...ids.map(String));
    }
    for (const ids of [filters.categoryTermTaxonomyIds, filters.tagTermTaxonomyIds]) {
      if (!ids) continue;
      if (!ids.length) this.add('1 = 0');
      else {
        this.add(
          `EXISTS (SELECT 1 FROM ${this.sql.table('term_relationships')} tr WHERE tr.object_id = p.ID AND tr.term_taxonomy_id IN (${placeholders(ids)}))`,
          ...ids,
        );
      }
    }
    if (filters.include) this.add(filters.include.length ? `p.ID IN (${placeholders(filters.include)})` : '1 = 0', ...filters.include);
    if (filters.postParent !== undefined) this.add('p.post_parent = ?', filters.postParent);
    const columns = ['p.post_title', 'p.post_excerpt', 'p.post_content'];
    for (const term of filters.search ?? []) {
      const pattern = contains(term.text);
      this.add(
        term.exclude
          ? `(${columns.map((c) => `${c} NOT LIKE ? ESCAPE '!'`).join(' AND ')})`
          : `(${columns.map((c) => `${c} LIKE ? ESCAPE '!'`).join(' OR ')})`,
        ...columns.map(() => pattern),
      );
    }
    if (filters.excludeProtected) this.add("p.post_password = ''");
  }

  /** Q21 DEVIATE: records of `others` statuses, plus the caller's own records of `own` statuses. */
  private visibility(): void {
    const { statuses, callerId } = this.filters;
    const visible: Fragment[] = [];
    if (statuses.others.length) visible.push({ text: `p.post_status IN (${placeholders(statuses.others)})`, params: statuses.others });
    if (statuses.own.length) {
      visible.push({ text: `(p.post_author = ? AND p.post_status IN (${placeholders(statuses.own)}))`, params: [callerId, ...statuses.own] });
    }
    if (!visible.length) this.add('1 = 0');
    else this.add(`(${visible.map((v) => v.text).join(' OR ')})`, ...visible.flatMap((v) => v.params));
  }

  private body(): Fragment {
    const parts = [...this.joins, ...this.where];
    return {
      text: `FROM ${this.sql.table('posts')} p ${this.joins.map((j) => j.text).join(' ')} WHERE ${this.where.map((w) => w.text).join(' AND ')}`,
      params: parts.flatMap((part) => part.params),
    };
  }

  /** Ordering: event start ascending (ties by ID, OQ-2); `include`: publication date, then ID (§2.6). */
  private order(): string {
    const column = this.orderColumn;
    if (!column) return 'ORDER BY p.post_date, p.ID';
    // o.post_id, not p.ID: the same value, but only the occurrence's column lets the index give the order.
    if (column.startsWith('o.')) return `ORDER BY ${column}, o.post_id`;
    // Sorting the longtext itself makes MariaDB build an on-disk (Aria) temporary table; the stored
    // dates are 19 characters, so a CHAR(19) key sorts the same and keeps the table in memory.
    return `ORDER BY ${this.sql.isMysql ? `CAST(${column} AS CHAR(19))` : column}, p.ID`;
  }

  /** The SELECT of one page of IDs (also what EXPLAIN is run on). */
  pageStatement(offset: number, limit: number): Fragment {
    const body = this.body();
    return { text: `SELECT p.ID ${body.text} ${this.order()} LIMIT ? OFFSET ?`, params: [...body.params, limit, offset] };
  }

  async page(offset: number, limit: number): Promise<number[]> {
    const { text, params } = this.pageStatement(offset, limit);
    return (await this.sql.rows<{ ID: number }>(text, params)).map((r) => Number(r.ID));
  }

  async count(): Promise<number> {
    const body = this.body();
    const row = await this.sql.one<{ total: number }>(`SELECT COUNT(*) AS total ${body.text}`, body.params);
    return Number(row?.total ?? 0);
  }
}
