import { Injectable } from '@nestjs/common';
import { CacheKey } from './cache-keys';
import { DatabaseService } from '../database/database.service';
import { TermEntity, TermTaxonomyEntity } from '../database/entities';
import { forUpdate, placeholders, Sql, SqlParam, TogetherStatement } from '../database/sql';
import { sanitizeTermDescription, sanitizeTermName } from './term-sanitize';
import { PostsStore } from './posts.store';
import { sanitizeTitle } from './slugs';
import { transactionMemo } from './transaction-memo';
import { noteTouched, noteWrite } from './write-journal';
import { EVENT_POST_TYPE } from './post-types';

/** Serialises term inserts and renames (wp_insert_term's name and slug checks) across instances. */
const TERM_NAMES_LOCK = 'term-names';

/** The columns of TermRow: those of `terms`, then those of `term_taxonomy`. */
const TERM_FIELDS = ['term_id', 'name', 'slug', 'term_group'] as const satisfies readonly (keyof TermEntity)[];
const TAXONOMY_FIELDS = ['term_taxonomy_id', 'taxonomy', 'description', 'parent', 'count'] as const satisfies readonly (keyof TermTaxonomyEntity)[];

/** One term of one taxonomy: a `terms` row joined with its `term_taxonomy` row. */
export type TermRow = Pick<TermEntity, (typeof TERM_FIELDS)[number]> & Pick<TermTaxonomyEntity, (typeof TAXONOMY_FIELDS)[number]>;

export interface TermInput {
  name: string;
  slug?: string;
  description?: string;
  parent?: number;
}

/** The WordPress errors of wp_insert_term / wp_update_term that callers turn into API answers. */
export type TermWriteErrorCode = 'term_exists' | 'duplicate_term_slug' | 'missing_parent' | 'invalid_term_name' | 'invalid_term';

export class TermWriteError extends Error {
  constructor(
    readonly code: TermWriteErrorCode,
    message: string,
    /** term_exists: the term that already holds the name/slug. */
    readonly existingTermId?: number,
  ) {
    super(message);
  }
}

/**
 * What WordPress + TEC register about the taxonomies this API serves: hierarchy, and the post types
 * whose published objects `_update_post_term_count` counts (storage.md §7).
 */
const TAXONOMIES: Record<string, { hierarchical: boolean; objectTypes: string[] }> = {
  tribe_events_cat: { hierarchical: true, objectTypes: [EVENT_POST_TYPE, 'tec_calendar_embed'] },
  post_tag: { hierarchical: false, objectTypes: ['post', EVENT_POST_TYPE, 'tec_calendar_embed'] },
};

/** Whether a post of this type and status is counted in the taxonomy's terms (`_update_post_term_count`). */
function counted(taxonomy: string, type: string, status: string | undefined): boolean {
  const types = TAXONOMIES[taxonomy]?.objectTypes;
  return status === 'publish' && (!types || types.includes(type));
}

/**
 * What the stored counts hold for one post in the current transaction: term_taxonomy_id → whether the
 * post is counted in it. `complete`: every term of the post is a key (else a term missing from the
 * map is counted as the post's status and terms were when the transaction began).
 */
interface CountedPost {
  terms: Map<number, boolean>;
  complete: boolean;
}

export function isHierarchical(taxonomy: string): boolean {
  return TAXONOMIES[taxonomy]?.hierarchical ?? false;
}

/** PHP `strtolower`: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The columns of TermRow, for queries over `terms t JOIN term_taxonomy tt`. */
export const TERM_COLUMNS = [...TERM_FIELDS.map((c) => `t.${c}`), ...TAXONOMY_FIELDS.map((c) => `tt.${c}`)].join(', ');

const NUMERIC = ['term_id', 'term_group', 'term_taxonomy_id', 'parent', 'count'] as const satisfies readonly (keyof TermRow)[];

/** Turns a selected row (TERM_COLUMNS) into a TermRow with numeric ids on both engines. */
export function toTermRow(row: Record<string, unknown>): TermRow {
  const term = { ...row };
  for (const key of NUMERIC) term[key] = Number(term[key]);
  return term as unknown as TermRow;
}

/**
 * WordPress term semantics over `terms`, `term_taxonomy`, `term_relationships` and `termmeta`
 * (wp_insert_term, wp_update_term, wp_delete_term, wp_set_object_terms, wp_update_term_count).
 * Every write takes the caller's transaction (`sql`), so a term change can be part of a larger write.
 */
@Injectable()
export class TermsStore {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /** `SELECT … FROM terms JOIN term_taxonomy` with the columns of TermRow; `t`/`tt` aliases. */
  private select(): string {
    return `SELECT ${TERM_COLUMNS}
      FROM ${this.sql.table('terms')} t JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_id = t.term_id`;
  }

  private async many(where: string, params: SqlParam[], order = 't.term_id'): Promise<TermRow[]> {
    const rows = (await this.sql.rows(`${this.select()} WHERE ${where} ORDER BY ${order}`, params)).map(toTermRow);
    const seen = this.seenInTransaction();
    for (const row of rows) seen?.set(row.term_taxonomy_id, row.taxonomy);
    return rows;
  }

  /**
   * The term_taxonomy_ids this transaction read (or wrote) as rows, with their taxonomy: setObjectTerms
   * does not read them again to check they exist in the taxonomy (an event write resolves its terms
   * first). Undefined outside a transaction.
   */
  private seenInTransaction(): Map<number, string> | undefined {
    return transactionMemo('terms:seen', () => new Map<number, string>());
  }

  async findById(id: number, taxonomy: string): Promise<TermRow | undefined> {
    return (await this.many('t.term_id = ? AND tt.taxonomy = ?', [id, taxonomy]))[0];
  }

  findByIds(ids: number[], taxonomy: string): Promise<TermRow[]> {
    return this.findNamed(new Map([[taxonomy, { ids, slugs: [] }]]));
  }

  /** `get_term_by('slug')`: the value is slug-sanitised first. */
  async findBySlug(slug: string, taxonomy: string): Promise<TermRow | undefined> {
    const clean = sanitizeTitle(slug);
    if (!clean) return undefined;
    return (await this.many('t.slug = ? AND tt.taxonomy = ?', [clean, taxonomy]))[0];
  }

  /** findBySlug for many values in one query: the terms found, by their (lower-case) slug. */
  async findBySlugs(slugs: readonly string[], taxonomy: string): Promise<Map<string, TermRow>> {
    const rows = await this.findNamed(new Map([[taxonomy, { ids: [], slugs }]]));
    return new Map(rows.map((row) => [row.slug.toLowerCase(), row]));
  }

  /**
   * findByIds and findBySlugs of several taxonomies in one query: the terms of each taxonomy whose ID
   * or (slug-sanitised) slug is named. Which name found a row is for the caller to tell.
   */
  async findNamed(named: ReadonlyMap<string, { ids: readonly number[]; slugs: readonly string[] }>): Promise<TermRow[]> {
    const clauses: string[] = [];
    const params: SqlParam[] = [];
    for (const [taxonomy, { ids, slugs }] of named) {
      const clean = [...new Set(slugs.map((slug) => sanitizeTitle(slug)).filter(Boolean))];
      const by = [...(ids.length ? [`t.term_id IN (${placeholders(ids)})`] : []), ...(clean.length ? [`t.slug IN (${placeholders(clean)})`] : [])];
      if (!by.length) continue;
      clauses.push(`(tt.taxonomy = ? AND (${by.join(' OR ')}))`);
      params.push(taxonomy, ...ids, ...clean);
    }
    return clauses.length ? this.many(clauses.join(' OR '), params) : [];
  }

  /** `get_term_by('name')`: the stored (sanitised) form of the name, compared with the column collation. */
  async findByName(name: string, taxonomy: string): Promise<TermRow | undefined> {
    const clean = sanitizeTermName(name);
    if (!clean) return undefined;
    return (await this.many('t.name = ? AND tt.taxonomy = ?', [clean, taxonomy]))[0];
  }

  /** The terms of a taxonomy that have a parent, by term_id: their parent and count (the links of its hierarchy, nothing else read). */
  async childLinks(taxonomy: string): Promise<Map<number, { parent: number; count: number }>> {
    const rows = await this.sql.rows<{ term_id: number | string; parent: number | string; count: number | string }>(
      `SELECT term_id, parent, count FROM ${this.sql.table('term_taxonomy')} WHERE taxonomy = ? AND parent > 0`,
      [taxonomy],
    );
    return new Map(rows.map((row) => [Number(row.term_id), { parent: Number(row.parent), count: Number(row.count) }]));
  }

  /** Every term of a taxonomy (parents, counts, slugs): for ancestor paths and hierarchy checks. */
  all(taxonomy: string): Promise<TermRow[]> {
    return this.many('tt.taxonomy = ?', [taxonomy]);
  }

  /** wp_insert_term. Throws TermWriteError (term_exists, missing_parent, invalid_term_name). */
  async insert(taxonomy: string, input: TermInput): Promise<TermRow> {
    const hierarchical = isHierarchical(taxonomy);
    const parent = hierarchical ? (input.parent ?? 0) : 0;
    if (parent > 0 && !(await this.findById(parent, taxonomy))) {
      throw new TermWriteError('missing_parent', 'Parent term does not exist.');
    }
    const name = sanitizeTermName(input.name);
    if (name === '') throw new TermWriteError('invalid_term_name', 'Invalid term name.');
    await this.sql.lock(TERM_NAMES_LOCK);
    const description = sanitizeTermDescription(input.description ?? '');
    const providedSlug = input.slug === undefined ? '' : sanitizeTitle(input.slug);
    const slugProvided = providedSlug !== '';
    let slug = slugProvided ? providedSlug : sanitizeTitle(name);

    await this.refuseDuplicateName(taxonomy, { name, slug, slugProvided, parent });
    slug = await this.uniqueSlug(slug, taxonomy, parent);

    const { insertId: termId } = await this.sql.run(`INSERT INTO ${this.sql.table('terms')} (name, slug, term_group) VALUES (?, ?, 0)`, [name, slug]);
    if (slug === '') {
      // sanitize_title('', $term_id): a name without any slug-able character gets its ID as slug.
      await this.sql.run(`UPDATE ${this.sql.table('terms')} SET slug = ? WHERE term_id = ?`, [String(termId), termId]);
    }
    await this.sql.run(`INSERT INTO ${this.sql.table('term_taxonomy')} (term_id, taxonomy, description, parent, count) VALUES (?, ?, ?, ?, 0)`, [
      termId,
      taxonomy,
      description,
      parent,
    ]);
    noteWrite({ kind: 'term', id: termId, action: 'created', taxonomy });
    return (await this.findById(termId, taxonomy))!;
  }

  /**
   * wp_insert_term's guard against two terms with the same name at the same level, unless a distinct
   * slug was supplied. Names compare case-insensitively in SQL, then with PHP's ASCII-only strtolower.
   */
  private async refuseDuplicateName(taxonomy: string, term: { name: string; slug: string; slugProvided: boolean; parent: number }): Promise<void> {
    const sameName = await this.many('t.name = ? AND tt.taxonomy = ? AND tt.parent = ?', [term.name, taxonomy, term.parent]);
    const nameMatch = sameName.find((row) => asciiLower(row.name) === asciiLower(term.name));
    if (!nameMatch) return;
    const slugMatch = await this.findBySlug(term.slug, taxonomy);
    if (term.slugProvided && nameMatch.slug !== term.slug && !slugMatch) return;
    if (!isHierarchical(taxonomy)) throw termExists(nameMatch.term_id, 'in this taxonomy');
    const siblings = await this.many('tt.taxonomy = ? AND tt.parent = ?', [taxonomy, term.parent]);
    if ((!term.slugProvided || nameMatch.slug === term.slug) && siblings.some((s) => s.name === term.name)) {
      throw termExists(nameMatch.term_id, 'with this parent');
    }
    if (slugMatch && siblings.some((s) => s.slug === term.slug)) throw termExists(slugMatch.term_id, 'with this parent');
  }

  /**
   * wp_unique_term_slug: a slug already used in the taxonomy gets the parent slugs appended (hierarchical
   * taxonomies), then `-2`, `-3`, … until no term of any taxonomy holds it.
   */
  async uniqueSlug(slug: string, taxonomy: string, parent: number, termId?: number): Promise<string> {
    if (!slug || !(await this.findBySlug(slug, taxonomy))) return slug;
    let parentSuffix = '';
    if (isHierarchical(taxonomy)) {
      for (let ancestorId = parent; ancestorId;) {
        const ancestor = await this.findById(ancestorId, taxonomy);
        if (!ancestor) break;
        parentSuffix += `-${ancestor.slug}`;
        if (!(await this.termExists(slug + parentSuffix))) break;
        ancestorId = ancestor.parent;
      }
    }
    const candidate = slug + parentSuffix;
    if (!(await this.slugTaken(candidate, termId))) return candidate;
    for (let n = 2; ; n++) if (!(await this.slugTaken(`${candidate}-${n}`))) return `${candidate}-${n}`;
  }

  /** `term_exists($value)` without a taxonomy: a term of any taxonomy with that slug or that name. */
  private async termExists(value: string): Promise<boolean> {
    const row = await this.sql.one(
      `SELECT t.term_id FROM ${this.sql.table('terms')} t JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_id = t.term_id
       WHERE t.slug = ? OR t.name = ? LIMIT 1`,
      [sanitizeTitle(value), value],
    );
    return row !== undefined;
  }

  private async slugTaken(slug: string, exceptTermId?: number): Promise<boolean> {
    const row = exceptTermId
      ? await this.sql.one(`SELECT slug FROM ${this.sql.table('terms')} WHERE slug = ? AND term_id <> ? LIMIT 1`, [slug, exceptTermId])
      : await this.sql.one(`SELECT slug FROM ${this.sql.table('terms')} WHERE slug = ? LIMIT 1`, [slug]);
    return row !== undefined;
  }

  /**
   * wp_update_term: only the given fields change (the stored slug is re-sanitised, as WordPress does).
   * Throws TermWriteError (invalid_term, invalid_term_name, missing_parent, duplicate_term_slug).
   */
  async update(termId: number, taxonomy: string, changes: Partial<TermInput>): Promise<TermRow> {
    await this.sql.lock(TERM_NAMES_LOCK);
    const current = await this.findById(termId, taxonomy);
    if (!current) throw new TermWriteError('invalid_term', 'Empty Term.');
    const name = changes.name === undefined ? current.name : sanitizeTermName(changes.name);
    if (name.trim() === '') throw new TermWriteError('invalid_term_name', 'A name is required for this term.');
    const description = changes.description === undefined ? current.description : sanitizeTermDescription(changes.description);
    let parent = isHierarchical(taxonomy) && changes.parent !== undefined ? changes.parent : current.parent;
    if (parent > 0 && !(await this.findById(parent, taxonomy))) {
      throw new TermWriteError('missing_parent', 'Parent term does not exist.');
    }
    parent = await this.withoutLoop(taxonomy, termId, parent);

    let slug = sanitizeTitle(changes.slug ?? current.slug);
    const slugWasEmpty = slug === '';
    if (slugWasEmpty) slug = sanitizeTitle(name);
    const duplicate = await this.findBySlug(slug, taxonomy);
    if (duplicate && duplicate.term_id !== termId) {
      if (!slugWasEmpty && parent === current.parent) {
        throw new TermWriteError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`);
      }
      slug = await this.uniqueSlug(slug, taxonomy, parent, termId);
    }
    await this.sql.run(`UPDATE ${this.sql.table('terms')} SET name = ?, slug = ? WHERE term_id = ?`, [name, slug || String(termId), termId]);
    await this.sql.run(`UPDATE ${this.sql.table('term_taxonomy')} SET description = ?, parent = ? WHERE term_taxonomy_id = ?`, [
      description,
      parent,
      current.term_taxonomy_id,
    ]);
    noteWrite({ kind: 'term', id: termId, action: 'updated', taxonomy });
    return (await this.findById(termId, taxonomy))!;
  }

  /** wp_check_term_hierarchy_for_loops: a term cannot become its own ancestor (the parent falls back to 0). */
  private async withoutLoop(taxonomy: string, termId: number, parent: number): Promise<number> {
    if (!parent) return 0;
    const parentOf = new Map((await this.all(taxonomy)).map((t) => [t.term_id, t.parent]));
    const seen = new Set<number>();
    for (let id = parent; id && !seen.has(id); id = parentOf.get(id) ?? 0) {
      if (id === termId) return 0;
      seen.add(id);
    }
    return parent;
  }

  /**
   * wp_delete_term: children move up to the term's parent, its relationships, termmeta and taxonomy row
   * go, and the `terms` row too unless another taxonomy shares it. Other terms' counts are unaffected
   * (only this term's relationships are removed). Returns the term as it was.
   */
  async delete(termId: number, taxonomy: string): Promise<TermRow | undefined> {
    const term = await this.findById(termId, taxonomy);
    if (!term) return undefined;
    if (isHierarchical(taxonomy)) {
      await this.sql.run(`UPDATE ${this.sql.table('term_taxonomy')} SET parent = ? WHERE parent = ? AND taxonomy = ?`, [term.parent, termId, taxonomy]);
    }
    await this.sql.run(`DELETE FROM ${this.sql.table('term_relationships')} WHERE term_taxonomy_id = ?`, [term.term_taxonomy_id]);
    await this.sql.run(`DELETE FROM ${this.sql.table('termmeta')} WHERE term_id = ?`, [termId]);
    await this.sql.run(`DELETE FROM ${this.sql.table('term_taxonomy')} WHERE term_taxonomy_id = ?`, [term.term_taxonomy_id]);
    this.seenInTransaction()?.delete(term.term_taxonomy_id);
    const shared = await this.sql.one(`SELECT term_taxonomy_id FROM ${this.sql.table('term_taxonomy')} WHERE term_id = ? LIMIT 1`, [termId]);
    if (!shared) await this.sql.run(`DELETE FROM ${this.sql.table('terms')} WHERE term_id = ?`, [termId]);
    noteWrite({ kind: 'term', id: termId, action: 'deleted', taxonomy });
    return term;
  }

  /**
   * The object's relationships in these taxonomies (term_taxonomy_id → taxonomy), as `setObjectTerms`
   * reads them before it writes; undefined when it reads none (a post this transaction inserted has
   * only the terms it was given here). A caller may read them earlier, with other reads, and hand them
   * to `setObjectTerms` (`read`).
   */
  relationshipsOf(objectId: number, taxonomies: readonly string[]): Promise<ReadonlyMap<number, string>> | undefined {
    const change = this.posts.statusChange(objectId);
    if (!taxonomies.length || (this.countedPost(objectId)?.complete && change && change.before === undefined)) return undefined;
    return this.sql
      .rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'taxonomy'>>(
        `SELECT tr.term_taxonomy_id, tt.taxonomy FROM ${this.sql.table('term_relationships')} tr
         JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
         WHERE tr.object_id = ? AND tt.taxonomy IN (${placeholders(taxonomies)})`,
        [objectId, ...taxonomies],
      )
      .then((rows) => new Map(rows.map((row) => [Number(row.term_taxonomy_id), row.taxonomy])));
  }

  /**
   * wp_set_object_terms (replace mode) for each taxonomy given: the object ends up with exactly these
   * term_taxonomy_ids in each (ids of other taxonomies are ignored; taxonomies not given are left as
   * they are); every term gained or lost is recounted — by delta when this transaction knows the
   * object's status change (countByDelta), else in full. One statement per step for all taxonomies
   * together (issue #32: an event's categories and tags are one write, not two).
   */
  async setObjectTerms(objectId: number, wanted: ReadonlyMap<string, readonly number[]>, read?: Promise<ReadonlyMap<number, string>>): Promise<void> {
    const taxonomies = [...wanted.keys()];
    if (!taxonomies.length) return;
    const seen = this.seenInTransaction();
    const target = new Map<number, string>();
    const unseen: [string, number[]][] = [];
    for (const [taxonomy, ids] of wanted) {
      const fresh: number[] = [];
      for (const id of new Set(ids)) {
        if (seen?.get(id) === taxonomy) target.set(id, taxonomy);
        else fresh.push(id);
      }
      if (fresh.length) unseen.push([taxonomy, fresh]);
    }
    if (unseen.length) {
      const valid = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'taxonomy'>>(
        `SELECT term_taxonomy_id, taxonomy FROM ${this.sql.table('term_taxonomy')} WHERE ${unseen
          .map(([, ids]) => `(taxonomy = ? AND term_taxonomy_id IN (${placeholders(ids)}))`)
          .join(' OR ')}`,
        unseen.flatMap(([taxonomy, ids]) => [taxonomy, ...ids]),
      );
      for (const row of valid) target.set(Number(row.term_taxonomy_id), row.taxonomy);
    }
    const change = this.posts.statusChange(objectId);
    const counts = this.countedPost(objectId);
    const stored = read ?? this.relationshipsOf(objectId, taxonomies);
    const current = new Map<number, string>();
    if (stored) {
      for (const [id, taxonomy] of await stored) current.set(id, taxonomy);
    } else if (counts) {
      // A post this transaction inserted had no terms but those it was given here: nothing to read.
      for (const id of counts.terms.keys()) {
        const taxonomy = this.taxonomyOf(objectId, id);
        if (taxonomy !== undefined && wanted.has(taxonomy)) current.set(id, taxonomy);
      }
    }
    // In the order the caller gave them, taxonomy by taxonomy (the relationships' row order).
    const ordered = [...wanted].flatMap(([taxonomy, ids]) => [...new Set(ids)].filter((id) => target.get(id) === taxonomy));
    const added = ordered.filter((id) => !current.has(id));
    const removed = [...current.keys()].filter((id) => !target.has(id));
    // The relationships' writes and the counts' delta go together (one round trip on MySQL).
    const writes: TogetherStatement[] = [];
    if (added.length) {
      writes.push({
        sql: `INSERT INTO ${this.sql.table('term_relationships')} (object_id, term_taxonomy_id, term_order) VALUES ${added.map(() => '(?, ?, 0)').join(', ')}`,
        params: added.flatMap((id) => [objectId, id]),
      });
    }
    if (removed.length) {
      writes.push({
        sql: `DELETE FROM ${this.sql.table('term_relationships')} WHERE object_id = ? AND term_taxonomy_id IN (${placeholders(removed)})`,
        params: [objectId, ...removed],
      });
    }
    if (!counts) {
      // Outside a transaction (no counts are held there) they go one by one, then a full recount.
      for (const write of writes) await this.sql.run(write.sql, write.params);
      return this.recount([...ordered, ...removed]);
    }
    if (!change) {
      // A post whose status this transaction does not know: its terms are recounted in full.
      await this.sql.runTogether(writes);
      return this.recount([...ordered, ...removed]);
    }
    const involved = new Map([...current, ...target]);
    for (const [id, taxonomy] of involved) this.taxonomies(objectId).set(id, taxonomy);
    const delta = this.countByDelta(
      objectId,
      change.type,
      [...involved].map(([id, taxonomy]) => ({ id, taxonomy, related: target.has(id), before: current.has(id) })),
      change.before,
      change.now,
    );
    await this.sql.runTogether(delta ? [...writes, delta] : writes);
  }

  /**
   * `wp_delete_object_term_relationships` for a post being deleted: its relationships go, and each
   * term that counted it (published, of a type the taxonomy counts) is decremented — the same result
   * as a recount, without reading the term's other relationships. Rows locked in ID order, as recount().
   */
  async detachAll(post: { ID: number; post_type: string; post_status: string }): Promise<void> {
    const rows = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'taxonomy'>>(
      `SELECT tr.term_taxonomy_id, tt.taxonomy FROM ${this.sql.table('term_relationships')} tr
       JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
       WHERE tr.object_id = ? ORDER BY tr.term_taxonomy_id`,
      [post.ID],
    );
    if (!rows.length) return;
    await this.sql.run(`DELETE FROM ${this.sql.table('term_relationships')} WHERE object_id = ?`, [post.ID]);
    const counting = rows.filter((r) => counted(r.taxonomy, post.post_type, post.post_status)).map((r) => Number(r.term_taxonomy_id));
    if (!counting.length) return;
    for (const r of rows) if (counting.includes(Number(r.term_taxonomy_id))) noteCountsTouched(r.taxonomy, [Number(r.term_taxonomy_id)]);
    const tt = this.sql.table('term_taxonomy');
    await this.sql.rows(
      `SELECT term_taxonomy_id FROM ${tt} WHERE term_taxonomy_id IN (${placeholders(counting)}) ORDER BY term_taxonomy_id${forUpdate(this.sql)}`,
      counting,
    );
    await this.sql.run(`UPDATE ${tt} SET count = count - 1 WHERE count > 0 AND term_taxonomy_id IN (${placeholders(counting)})`, counting);
  }

  /** The stored counts of these term_taxonomy_ids (absent: no such row). */
  async counts(termTaxonomyIds: readonly number[]): Promise<Map<number, number>> {
    if (!termTaxonomyIds.length) return new Map();
    const rows = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'count'>>(
      `SELECT term_taxonomy_id, count FROM ${this.sql.table('term_taxonomy')} WHERE term_taxonomy_id IN (${placeholders(termTaxonomyIds)})`,
      [...termTaxonomyIds],
    );
    return new Map(rows.map((r) => [Number(r.term_taxonomy_id), Number(r.count)]));
  }

  /**
   * The terms of many objects in one query (wp_get_object_terms order: name, then ID). Every requested
   * object is a key of the result; objects without terms map to [].
   */
  async termsOfObjects(objectIds: number[], taxonomies: string[]): Promise<Map<number, TermRow[]>> {
    const result = new Map<number, TermRow[]>(objectIds.map((id) => [id, []]));
    if (!objectIds.length || !taxonomies.length) return result;
    const rows = await this.sql.rows(
      `SELECT tr.object_id, ${TERM_COLUMNS}
       FROM ${this.sql.table('term_relationships')} tr
       JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
       JOIN ${this.sql.table('terms')} t ON t.term_id = tt.term_id
       WHERE tr.object_id IN (${placeholders(objectIds)}) AND tt.taxonomy IN (${placeholders(taxonomies)})
       ORDER BY t.name, t.term_id`,
      [...objectIds, ...taxonomies],
    );
    for (const { object_id, ...term } of rows) result.get(Number(object_id))?.push(toTermRow(term));
    return result;
  }

  /**
   * `_update_post_term_count`: count = attached objects of the taxonomy's post types whose status is
   * `publish` (storage.md §7). One UPDATE per taxonomy involved.
   */
  async recount(termTaxonomyIds: number[]): Promise<void> {
    const ids = [...new Set(termTaxonomyIds)];
    if (!ids.length) return;
    // Row locks in ID order, then the counts in later statements: under READ COMMITTED the last writer
    // of a term recounts after its predecessors committed, so the stored count is a true recount.
    ids.sort((a, b) => a - b);
    const rows = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'taxonomy'>>(
      `SELECT term_taxonomy_id, taxonomy FROM ${this.sql.table('term_taxonomy')} WHERE term_taxonomy_id IN (${placeholders(ids)}) ORDER BY term_taxonomy_id${forUpdate(this.sql)}`,
      ids,
    );
    const byTaxonomy = new Map<string, number[]>();
    for (const row of rows) byTaxonomy.set(row.taxonomy, [...(byTaxonomy.get(row.taxonomy) ?? []), Number(row.term_taxonomy_id)]);
    const tt = this.sql.table('term_taxonomy');
    for (const [taxonomy, group] of byTaxonomy) {
      noteCountsTouched(taxonomy, group);
      const types = TAXONOMIES[taxonomy]?.objectTypes;
      const typeFilter = types ? `AND p.post_type IN (${placeholders(types)})` : '';
      await this.sql.run(
        `UPDATE ${tt} SET count = (
           SELECT COUNT(*) FROM ${this.sql.table('term_relationships')} tr JOIN ${this.sql.table('posts')} p ON p.ID = tr.object_id
           WHERE tr.term_taxonomy_id = ${tt}.term_taxonomy_id AND p.post_status = 'publish' ${typeFilter})
         WHERE term_taxonomy_id IN (${placeholders(group)})`,
        [...(types ?? []), ...group],
      );
    }
  }

  /**
   * Recounts every term attached to these objects (after their status changed: publish ↔ other,
   * trash): by delta for an object whose status change this transaction knows, else in full.
   */
  async recountObjects(objectIds: number[]): Promise<void> {
    if (!objectIds.length) return;
    const unknown: number[] = [];
    for (const objectId of objectIds) {
      const change = this.posts.statusChange(objectId);
      const counts = this.countedPost(objectId);
      if (!change || !counts) {
        unknown.push(objectId);
        continue;
      }
      // Its status did not change (an update): what counts it is what counted it, and the terms this
      // transaction gave or took were counted then (setObjectTerms). Nothing to read.
      if (change.before === change.now) continue;
      // Every term of the object already counted at its present status: nothing moved.
      if (counts.complete && [...counts.terms].every(([id, was]) => was === counted(this.taxonomyOf(objectId, id)!, change.type, change.now))) continue;
      const rows = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id' | 'taxonomy'>>(
        `SELECT tr.term_taxonomy_id, tt.taxonomy FROM ${this.sql.table('term_relationships')} tr
         JOIN ${this.sql.table('term_taxonomy')} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
         WHERE tr.object_id = ?`,
        [objectId],
      );
      for (const r of rows) this.taxonomies(objectId).set(Number(r.term_taxonomy_id), r.taxonomy);
      const terms = rows.map((r) => ({ id: Number(r.term_taxonomy_id), taxonomy: r.taxonomy, related: true, before: true }));
      const delta = this.countByDelta(objectId, change.type, terms, change.before, change.now);
      if (delta) await this.sql.run(delta.sql, delta.params);
      counts.complete = true;
    }
    if (!unknown.length) return;
    const rows = await this.sql.rows<Pick<TermTaxonomyEntity, 'term_taxonomy_id'>>(
      `SELECT DISTINCT term_taxonomy_id FROM ${this.sql.table('term_relationships')} WHERE object_id IN (${placeholders(unknown)})`,
      unknown,
    );
    await this.recount(rows.map((r) => Number(r.term_taxonomy_id)));
  }

  /**
   * `_update_post_term_count` by difference, for one post whose status change this transaction knows
   * (PostsStore.statusChange): each term's count moves by whether the post is counted in it now
   * (`related` and published) minus what the stored count holds for it — recorded per transaction,
   * else as the post was when the transaction began (`before`: related then; status `wasStatus`). Counts
   * are consistent before any write, so they stay so; no count reads a term's relationships. One
   * UPDATE, its rows locked in ID order as recount() does, answered for the caller to send (undefined:
   * no count moves).
   */
  private countByDelta(
    objectId: number,
    type: string,
    terms: { id: number; taxonomy: string; related: boolean; before: boolean }[],
    wasStatus: string | undefined,
    status: string,
  ): { sql: string; params: SqlParam[] } | undefined {
    const counts = this.countedPost(objectId)!;
    const deltas = new Map<number, number>();
    for (const term of terms) {
      const holds = counts.terms.get(term.id) ?? (!counts.complete && term.before && counted(term.taxonomy, type, wasStatus));
      const should = term.related && counted(term.taxonomy, type, status);
      if (holds !== should) deltas.set(term.id, should ? 1 : -1);
      counts.terms.set(term.id, should);
      if (!term.related) counts.terms.delete(term.id);
    }
    if (!deltas.size) return undefined;
    const ids = [...deltas.keys()].sort((a, b) => a - b);
    for (const term of terms) if (deltas.has(term.id)) noteCountsTouched(term.taxonomy, [term.id]);
    const tt = this.sql.table('term_taxonomy');
    return {
      sql: `UPDATE ${tt} SET count = count + CASE term_taxonomy_id ${ids.map(() => 'WHEN ? THEN ?').join(' ')} END
       WHERE term_taxonomy_id IN (${placeholders(ids)})`,
      params: [...ids.flatMap((id) => [id, deltas.get(id)!]), ...ids],
    };
  }

  /**
   * The counts held for a post in this transaction; a post inserted by it starts complete (no terms).
   * Undefined outside a transaction.
   */
  private countedPost(objectId: number): CountedPost | undefined {
    const posts = transactionMemo('terms:counted', () => new Map<number, CountedPost>());
    if (!posts) return undefined;
    let entry = posts.get(objectId);
    if (!entry) {
      const change = this.posts.statusChange(objectId);
      posts.set(objectId, (entry = { terms: new Map(), complete: change !== undefined && change.before === undefined }));
    }
    return entry;
  }

  /** The taxonomy of each term_taxonomy_id seen for a post in this transaction. */
  private taxonomies(objectId: number): Map<number, string> {
    const all = transactionMemo('terms:taxonomies', () => new Map<number, Map<number, string>>())!;
    let of = all.get(objectId);
    if (!of) all.set(objectId, (of = new Map()));
    return of;
  }

  private taxonomyOf(objectId: number, termTaxonomyId: number): string | undefined {
    return this.taxonomies(objectId).get(termTaxonomyId);
  }
}

function termExists(termId: number, where: string): TermWriteError {
  return new TermWriteError('term_exists', `A term with the name provided already exists ${where}.`, termId);
}

/** A write moved these terms' counts: cached values that show them are retired (write-journal.ts). */
function noteCountsTouched(taxonomy: string, termTaxonomyIds: readonly number[]): void {
  noteTouched(CacheKey.counts(taxonomy), ...termTaxonomyIds.map(CacheKey.count));
}
