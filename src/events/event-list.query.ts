/**
 * The `GET /events` query (lists-and-filters.md §2): one builder, run as-is on SQLite and MariaDB, for
 * the page of IDs and for the total (COUNT over the same FROM/WHERE). Postmeta is authoritative
 * (storage.md §11), so the tec_* tables are not needed. Every filter is an indexed lookup: the date
 * keys are joined on (post_id, meta_key) — WordPress' `post_id` / `meta_key` indexes —, the other meta
 * filters are EXISTS probes on the same indexes, terms are probed through the term_relationships
 * primary key (object_id, term_taxonomy_id).
 *
 * EXPLAIN of the default list query on MariaDB 11 with the fixture database (200 events, anonymous,
 * no filters; site zone UTC+0, so the window compares the UTC keys and orders by `_EventStartDate`):
 *
 *   SELECT p.ID FROM wp_posts p
 *     JOIN wp_postmeta d0 ON d0.post_id = p.ID AND d0.meta_key = '_EventStartDate'
 *     JOIN wp_postmeta d1 ON d1.post_id = p.ID AND d1.meta_key = '_EventStartDateUTC'
 *     JOIN wp_postmeta d2 ON d2.post_id = p.ID AND d2.meta_key = '_EventEndDateUTC'
 *   WHERE p.post_type = 'tribe_events' AND (p.post_status IN ('publish'))
 *     AND d1.meta_value >= '2026-11-21 00:00:00' AND d2.meta_value <= '2028-11-22 23:59:59'
 *     AND NOT EXISTS (SELECT 1 FROM wp_postmeta m WHERE m.post_id = p.ID AND m.meta_key = '_EventHideFromUpcoming')
 *   ORDER BY d0.meta_value, p.ID LIMIT 10 OFFSET 0
 *
 *   id select_type  table type       key                    ref         rows    Extra
 *   1  PRIMARY      p     ref        type_status_author     const,const 200     Using where; Using index; Using temporary; Using filesort
 *   1  PRIMARY      d0    ref|filter post_id|meta_key       p.ID        7 (5%)  Using where; Using rowid filter
 *   1  PRIMARY      d1    ref|filter post_id|meta_key       p.ID        7 (5%)  Using where; Using rowid filter
 *   1  PRIMARY      d2    ref|filter post_id|meta_key       p.ID        7 (5%)  Using where; Using rowid filter
 *   2  MATERIALIZED m     ref        meta_key               const       1       Using where
 *
 * Events come from the (post_type, post_status) index, each date key is one post_id lookup narrowed
 * by the meta_key rowid filter, the hidden check is materialised once; the sort is over the matching
 * events only (no index can order by a meta value).
 */
import { placeholders, Sql, SqlParam } from '../database/sql';
import { ReadableStatuses } from '../linked-posts/visibility';
import { DateCondition } from './dates';

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

/** Builds the FROM … WHERE part and its parameters; `page` and `count` wrap it. */
export class EventListQuery {
  private readonly joins: Fragment[] = [];
  private readonly where: Fragment[] = [];
  private readonly orderAlias: string | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly filters: EventListFilters,
  ) {
    const aliases = new Map<string, string>();
    const alias = (key: string) => {
      if (!aliases.has(key)) {
        const name = `d${aliases.size}`;
        aliases.set(key, name);
        this.joins.push({ text: `JOIN ${sql.table('postmeta')} ${name} ON ${name}.post_id = p.ID AND ${name}.meta_key = ?`, params: [key] });
      }
      return aliases.get(key)!;
    };
    this.orderAlias = filters.include ? undefined : alias(filters.orderKey);
    this.add("p.post_type = 'tribe_events'");
    this.visibility();
    for (const condition of filters.dates) this.add(`${alias(condition.key)}.meta_value ${condition.operator} ?`, condition.value);
    this.filterRows();
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
    if (!this.orderAlias) return 'ORDER BY p.post_date, p.ID';
    // Sorting the longtext itself makes MariaDB build an on-disk (Aria) temporary table; the stored
    // dates are 19 characters, so a CHAR(19) key sorts the same and keeps the table in memory.
    const key = this.sql.isMysql ? `CAST(${this.orderAlias}.meta_value AS CHAR(19))` : `${this.orderAlias}.meta_value`;
    return `ORDER BY ${key}, p.ID`;
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
