import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { ListQuery } from '../../database/list-query';
import { SqlParam } from '../../database/sql';
import { sanitizeTitle } from '../../wordpress/slugs';
import { placeholders } from '../../database/sql';
import { TermRow, TERM_COLUMNS, TermsStore, toTermRow } from '../../wordpress/terms.store';
import { TermTaxonomy } from '../term-taxonomy';

/** A term list request after validation, in WordPress `get_terms` terms. */
export interface TermListFilter {
  search?: string;
  /** IDs (slugs were turned into 0 as WordPress' wp_parse_id_list does). */
  include?: number[];
  exclude?: number[];
  order: 'ASC' | 'DESC';
  orderby: string;
  hideEmpty: boolean;
  parent?: number;
  /** Terms attached to this object (the `post` / `event` filter). */
  objectId?: number;
  slug?: string;
  page: number;
}

/** `get_terms` orderby values and their columns (WP_Term_Query::parse_orderby); anything else sorts by name. */
const ORDER_COLUMNS: Record<string, string> = {
  id: 't.term_id',
  term_id: 't.term_id',
  none: 't.term_id',
  name: 't.name',
  slug: 't.slug',
  term_group: 't.term_group',
  count: 'tt.count',
  parent: 'tt.parent',
  taxonomy: 'tt.taxonomy',
  term_taxonomy_id: 'tt.term_taxonomy_id',
  description: 'tt.description',
};

/**
 * WordPress `get_terms` + `wp_count_terms` for one taxonomy, as the core terms controller calls them
 * (terms.md §7): filters, order and one page, with the total ignoring pagination.
 */
@Injectable()
export class TermListQuery {
  constructor(
    private readonly db: DatabaseService,
    private readonly store: TermsStore,
  ) {}

  /**
   * `pageSize`: the page size, still being read (the site's default is an option) — the hierarchy's read
   * goes with it, in one round trip.
   */
  async run(taxonomy: TermTaxonomy, filter: TermListFilter, pageSize: Promise<number>): Promise<{ items: TermRow[]; total: number; perPage: number }> {
    // WP_Term_Query: a hierarchical listing (no parent, or parent 0) keeps empty terms with a non-empty descendant.
    const keepsAncestors = filter.objectId === undefined && filter.hideEmpty && taxonomy.hierarchical && !filter.parent;
    const [keep, perPage] = await Promise.all([keepsAncestors ? this.ancestorsOfNonEmpty(taxonomy.taxonomy) : [], pageSize]);
    const sql = this.db.sql;
    const list = new ListQuery(sql, TERM_COLUMNS, `${sql.table('terms')} t JOIN ${sql.table('term_taxonomy')} tt ON tt.term_id = t.term_id`);
    list.where('tt.taxonomy = ?', taxonomy.taxonomy);
    // WordPress ignores `exclude` when `include` is given.
    if (filter.include?.length) list.where(`t.term_id IN (${placeholders(filter.include)})`, ...filter.include);
    else if (filter.exclude?.length) list.where(`t.term_id NOT IN (${placeholders(filter.exclude)})`, ...filter.exclude);
    if (filter.search !== undefined) await this.addSearch(list, taxonomy.taxonomy, filter.search);
    if (filter.slug !== undefined) list.where('t.slug = ?', sanitizeTitle(filter.slug));
    if (taxonomy.hierarchical && filter.parent !== undefined) list.where('tt.parent = ?', filter.parent);
    if (filter.objectId !== undefined) {
      list.where(
        `EXISTS (SELECT 1 FROM ${sql.table('term_relationships')} tr WHERE tr.term_taxonomy_id = tt.term_taxonomy_id AND tr.object_id = ?)`,
        filter.objectId,
      );
    } else if (filter.hideEmpty) {
      list.where(keep.length ? `(tt.count > 0 OR t.term_id IN (${placeholders(keep)}))` : 'tt.count > 0', ...keep);
    }
    const [orderBy, orderParams] = this.orderBy(filter);
    list.orderBy(orderBy, ...orderParams);
    const { rows, total } = await list.run((filter.page - 1) * perPage, perPage);
    return { items: rows.map(toTermRow), total, perPage };
  }

  /**
   * `(t.name LIKE %s%) OR (t.slug LIKE %s%)`. MySQL compares with the column collation (case- and
   * accent-insensitive). SQLite's LIKE folds ASCII only, so there the match is made in code, lower-casing
   * both sides (storage.md §15).
   */
  private async addSearch(list: ListQuery, taxonomy: string, search: string): Promise<void> {
    if (list.sql.isMysql) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      list.where('(t.name LIKE ? OR t.slug LIKE ?)', like, like);
      return;
    }
    const needle = search.toLowerCase();
    const ids = (await this.store.all(taxonomy))
      .filter((t) => t.name.toLowerCase().includes(needle) || t.slug.toLowerCase().includes(needle))
      .map((t) => t.term_id);
    if (ids.length) list.where(`t.term_id IN (${placeholders(ids)})`, ...ids);
    else list.whereNone();
  }

  /**
   * IDs of the terms that have a descendant with a count: WP_Term_Query keeps such a term when it is
   * empty ("show empty categories that have children"; one that is not empty is listed anyway). Only the
   * terms that have a parent are read: a chain of ancestors ends at a term without one.
   */
  private async ancestorsOfNonEmpty(taxonomy: string): Promise<number[]> {
    const children = await this.store.childLinks(taxonomy);
    const ancestors = new Set<number>();
    for (const [id, { parent, count }] of children) {
      if (count <= 0) continue;
      const seen = new Set([id]);
      for (let ancestor = parent; ancestor && !seen.has(ancestor); ancestor = children.get(ancestor)?.parent ?? 0) {
        seen.add(ancestor);
        ancestors.add(ancestor);
      }
    }
    return [...ancestors];
  }

  /** ORDER BY of WP_Term_Query (orderby lower-cased; `include` = the order of the include list); ties by ID. */
  private orderBy(filter: TermListFilter): [string, SqlParam[]] {
    const key = filter.orderby.toLowerCase();
    if (key === 'include' && filter.include?.length) {
      const cases = filter.include.map(() => 'WHEN ? THEN ?').join(' ');
      const params = filter.include.flatMap((id, i) => [id, i]);
      return [`CASE t.term_id ${cases} END ${filter.order}, t.term_id`, params];
    }
    return [`${ORDER_COLUMNS[key] ?? 't.name'} ${filter.order}, t.term_id`, []];
  }
}
