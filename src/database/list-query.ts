import { placeholders, type Sql, type SqlParam } from './sql';

/** A piece of SQL with the parameters of its `?` placeholders, in text order. */
export interface Fragment {
  text: string;
  params: SqlParam[];
}

export function fragment(text: string, ...params: SqlParam[]): Fragment {
  return { text, params };
}

/**
 * Counts a list's total, possibly sharing it between requests (src/cache/list-totals.ts). `member`, when
 * the list has one: the same count narrowed to one record, its ID the last parameters (ListQuery.memberStatement).
 */
export type TotalCounter = (statement: Fragment, count: () => Promise<number>, member?: MemberCount) => Promise<number>;

/**
 * A list's COUNT, ready to be narrowed to some of its records (narrowedCount): `text` ends where the
 * narrowing goes (after ` WHERE ` or ` AND `).
 */
export interface MemberCount extends Fragment {
  /** The columns holding a record's ID (e.g. `p.ID`, `o.post_id`): each is narrowed alike. */
  identity: string[];
  /** The posts table, for a narrowing to a family of posts. */
  posts: string;
}

/**
 * Which records a count is narrowed to: one by its ID, or the posts `parents` and their children
 * (`post_parent`: a series' first events and their occurrences, whatever the write adds or removes).
 */
export type Members = { id: number } | { parents: readonly number[] };

/** The IDs of the posts `parents` and of their children (`post_parent`), as a subquery. */
export function postFamily(posts: string, parents: readonly number[]): Fragment {
  const marks = placeholders(parents);
  return { text: `SELECT ID FROM ${posts} WHERE ID IN (${marks}) OR post_parent IN (${marks})`, params: [...parents, ...parents] };
}

/** A list's count narrowed to `members`: how many of the list's rows they are. */
export function narrowedCount(member: MemberCount, members: Members): Fragment {
  if ('id' in members) {
    return {
      text: `${member.text}${member.identity.map((column) => `${column} = ?`).join(' AND ')}`,
      params: [...member.params, ...member.identity.map(() => members.id)],
    };
  }
  const family = postFamily(member.posts, members.parents);
  return {
    text: `${member.text}${member.identity.map((column) => `${column} IN (${family.text})`).join(' AND ')}`,
    params: [...member.params, ...member.identity.flatMap(() => family.params)],
  };
}

const countDirectly: TotalCounter = (_statement, count) => count();

/**
 * The one list builder of the service: every list (events, venues, organizers, terms) states its
 * FROM, its conditions (visibility, filters, search) and its order here, and gets one page of rows
 * and the total of the same rows (`X-WP-Total`: COUNT over the same FROM/WHERE). Resource
 * repositories add their conditions; the shared conditions of WordPress posts (visibility by status,
 * password access) come from src/wordpress/post-conditions.ts. Conditions combine with AND.
 */
export class ListQuery {
  private readonly joins: Fragment[] = [];
  private readonly conditions: Fragment[] = [];
  /** Conditions only the page statement carries (e.g. bounds that let an index read in list order). */
  private readonly pageConditions: Fragment[] = [];
  private ordering: Fragment = fragment('');
  /** The columns holding a record's ID, for the count narrowed to some records (memberStatement). */
  private identity?: string[];

  constructor(
    readonly sql: Sql,
    /** What a page selects, e.g. `p.ID` (may be set again with `select()`). */
    private columns: string,
    /** The FROM clause, e.g. `wp_posts p` (may be set again with `from()` until a statement is built). */
    private source: string,
  ) {}

  select(columns: string): this {
    this.columns = columns;
    return this;
  }

  from(source: string): this {
    this.source = source;
    return this;
  }

  join(text: string, ...params: SqlParam[]): this {
    this.joins.push({ text, params });
    return this;
  }

  where(text: string, ...params: SqlParam[]): this {
    this.conditions.push({ text, params });
    return this;
  }

  whereFragment(condition: Fragment): this {
    return this.where(condition.text, ...condition.params);
  }

  /** No row matches (a filter that resolved to nothing). */
  whereNone(): this {
    return this.where('1 = 0');
  }

  /** A condition of the page only: never changes which rows match, only how the page is read. */
  wherePage(text: string, ...params: SqlParam[]): this {
    this.pageConditions.push({ text, params });
    return this;
  }

  /** The columns holding a record's ID (e.g. `p.ID`): a count narrowed to records names them in each. */
  identifiedBy(...columns: string[]): this {
    this.identity = columns;
    return this;
  }

  orderBy(text: string, ...params: SqlParam[]): this {
    this.ordering = { text, params };
    return this;
  }

  private body(forPage: boolean): Fragment {
    const where = forPage ? [...this.conditions, ...this.pageConditions] : this.conditions;
    const whereText = where.length ? ` WHERE ${where.map((w) => w.text).join(' AND ')}` : '';
    return {
      text: `FROM ${this.source}${this.joins.map((j) => ` ${j.text}`).join('')}${whereText}`,
      params: [...this.joins, ...where].flatMap((part) => part.params),
    };
  }

  /** The SELECT of one page. */
  pageStatement(offset: number, limit: number): Fragment {
    const body = this.body(true);
    const order = this.ordering.text ? ` ORDER BY ${this.ordering.text}` : '';
    return {
      text: `SELECT ${this.columns} ${body.text}${order} LIMIT ? OFFSET ?`,
      params: [...body.params, ...this.ordering.params, Math.trunc(limit), Math.trunc(offset)],
    };
  }

  /** The SELECT of the total: the same rows, unpaged. */
  countStatement(): Fragment {
    const body = this.body(false);
    return { text: `SELECT COUNT(*) AS total ${body.text}`, params: body.params };
  }

  /**
   * The total's statement, to be narrowed to some records (narrowedCount): how many of the list's rows
   * they are. `total`: the list's countStatement, when already built.
   */
  memberStatement(total: Fragment = this.countStatement()): MemberCount | undefined {
    if (!this.identity) return undefined;
    return {
      text: `${total.text}${this.conditions.length ? ' AND ' : ' WHERE '}`,
      params: total.params,
      identity: this.identity,
      posts: this.sql.table('posts'),
    };
  }

  async page<T = Record<string, unknown>>(offset: number, limit: number): Promise<T[]> {
    const { text, params } = this.pageStatement(offset, limit);
    return this.sql.rows<T>(text, params);
  }

  async count(): Promise<number> {
    const { text, params } = this.countStatement();
    return Number((await this.sql.one<{ total: number | string }>(text, params))?.total ?? 0);
  }

  /** One page and the total, read together; `counter` may answer the total from what it shares. */
  async run<T = Record<string, unknown>>(offset: number, limit: number, counter: TotalCounter = countDirectly): Promise<{ rows: T[]; total: number }> {
    const statement = this.countStatement();
    const [rows, total] = await Promise.all([this.page<T>(offset, limit), counter(statement, () => this.count(), this.memberStatement(statement))]);
    return { rows, total };
  }
}
