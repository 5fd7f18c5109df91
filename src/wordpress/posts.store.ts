import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { PostEntity, PostMetaEntity } from '../database/entities';
import { forUpdate, placeholders, Sql, SqlParam } from '../database/sql';
import { maybeSerialize, phpUnserialize } from './php-serialization';
import { galleryAttachmentIds } from './rendering';
import { SiteNow, WpDateTime } from './site-clock';
import { slugLockName, utf8UriEncode } from './slugs';
import { transactionMemo } from './transaction-memo';
import { noteWrite } from './write-journal';

/** The `{prefix}posts` columns this API reads. */
const COLUMNS = [
  'ID',
  'post_author',
  'post_date',
  'post_date_gmt',
  'post_content',
  'post_title',
  'post_excerpt',
  'post_status',
  'post_password',
  'post_name',
  'post_modified',
  'post_modified_gmt',
  'post_parent',
  'guid',
  'menu_order',
  'post_type',
  'post_mime_type',
] as const satisfies readonly (keyof PostEntity)[];

/** One `{prefix}posts` row as this API reads it: the entity's columns named in COLUMNS. */
export type PostRow = Pick<PostEntity, (typeof COLUMNS)[number]>;

/** A `{prefix}postmeta` row; the column allows a NULL `meta_key`, which WordPress never writes. */
type MetaRow = Omit<PostMetaEntity, 'meta_key'> & { meta_key: NonNullable<PostMetaEntity['meta_key']> };

/** A post's meta: key → values in row order (`meta_id` ascending). */
export type PostMeta = Map<string, string[]>;

/** The columns a caller may set on insert or update. */
export type PostColumns = Omit<PostRow, 'ID' | 'guid'>;

/**
 * The guid WP core would fill after the insert, when it does not depend on the ID the insert gives
 * (a published post's pretty permalink): then it goes in the INSERT itself, one statement less. The
 * guid is a pure function of the post, so one that answers the same for two IDs names neither.
 */
function guidWithoutId(post: NewPost): string | undefined {
  const guid = post.guid(1);
  return guid !== '' && guid === post.guid(2) ? guid : undefined;
}

/** A post to insert: the columns WordPress needs, any other writable one, and how to make its guid. */
export type NewPost = Partial<PostColumns> &
  Pick<
    PostColumns,
    'post_type' | 'post_status' | 'post_author' | 'post_title' | 'post_name' | 'post_date' | 'post_date_gmt' | 'post_modified' | 'post_modified_gmt'
  > & {
    /** WP core fills `guid` once, from the permalink the post has right after insert. */
    guid: (id: number) => string;
  };

/** Statuses whose publication date "floats" and whose slug is not made unique (WP core). */
export const FLOATING_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

/**
 * WP core `wp_insert_post`: `publish` dated a minute or more ahead becomes `future`; `future` not
 * ahead becomes `publish` (a floating `0000-00-00` UTC date is never ahead).
 */
export function settleScheduledStatus(status: string, dateGmt: WpDateTime, nowMs: number): string {
  if (status !== 'publish' && status !== 'future') return status;
  const at = Date.parse(`${dateGmt.replace(' ', 'T')}Z`);
  const ahead = Number.isNaN(at) || dateGmt.startsWith('0000') ? -Infinity : (at - Math.floor(nowMs / 1000) * 1000) / 1000;
  if (status === 'publish' && ahead >= 60) return 'future';
  if (status === 'future' && ahead < 60) return 'publish';
  return status;
}

/** WordPress trash bookkeeping keys (storage.md §8). */
export const TRASH_META_STATUS = '_wp_trash_meta_status';
export const TRASH_META_TIME = '_wp_trash_meta_time';
export const DESIRED_SLUG = '_wp_desired_post_slug';
export const OLD_SLUG = '_wp_old_slug';
/** tribe-common's record of when each field of an event/venue/organizer last changed (storage.md §3). */
export const MODIFIED_FIELDS = '_tribe_modified_fields';

const TRASHED_SUFFIX = '__trashed';
const WRITABLE = new Set<string>(COLUMNS.filter((c) => c !== 'ID' && c !== 'guid'));
/** Reserved feed names that never become a bare slug (WP core `wp_unique_post_slug`). */
export const RESERVED_SLUGS = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed']);
/** Rows per multi-row meta INSERT (3 parameters each; SQLite allows 32766). */
const META_ROWS_PER_INSERT = 500;

/**
 * The status a post had when the current transaction first touched it and the one it has now, as
 * this store wrote it: term counts follow a post's publication by delta (TermsStore).
 */
export interface PostStatusChange {
  type: string;
  /** undefined: the post was inserted by this transaction. */
  before?: string;
  /** `''`: the post was deleted for good by this transaction. */
  now: string;
}

/** One meta row of a post as the transaction sees it; `pending`: not inserted yet (batchMeta). */
interface MetaRowCopy {
  key: string;
  value: string | null;
  pending: boolean;
}

/**
 * A post's meta rows in meta_id order, kept by this store for the transaction once read (or known
 * empty for a post it inserted): setMeta and friends decide from the copy instead of a SELECT per key.
 * Only this store writes a post's meta inside a transaction; deleteIdLinks drops the copies it touches.
 */
interface MetaCopy {
  rows: MetaRowCopy[];
  /** Open batchMeta calls: writes wait and go in one statement each (delete, update, insert) when the outermost ends. */
  batching: number;
  /** Keys whose stored rows are to be set to the copy's value (setMeta while batching). */
  updated: Set<string>;
  /** Keys whose stored rows are to be deleted (deleteMeta while batching). */
  deleted: Set<string>;
}

/** A copy of a post's meta: its stored rows as read, nothing waiting. */
function metaCopyOf(rows: MetaRowCopy[]): MetaCopy {
  return { rows, batching: 0, updated: new Set(), deleted: new Set() };
}

/**
 * Keys one `CASE` update may set together: where the database's collation (case- and accent-
 * insensitive on WordPress tables) could take two of them for one, each gets its own UPDATE, in order,
 * as separate `update_post_meta` calls would have.
 */
function settableTogether(keys: readonly string[]): boolean {
  return keys.every((key) => /^[\x21-\x7e]+$/.test(key)) && new Set(keys.map((key) => key.toLowerCase())).size === keys.length;
}

function toPostRow(raw: Record<string, unknown>): PostRow {
  const row = { ...raw } as unknown as PostRow;
  row.ID = Number(raw.ID);
  row.post_author = Number(raw.post_author);
  row.post_parent = Number(raw.post_parent);
  row.menu_order = Number(raw.menu_order);
  for (const c of ['post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt'] as const) row[c] = String(raw[c]);
  return row;
}

/** WP core `_truncate_post_slug`: at most `length` bytes, never cutting a percent-encoded character. */
export function truncateSlug(slug: string, length: number): string {
  if (Buffer.byteLength(slug) <= length) return slug;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // not percent-encoded UTF-8: cut as is
  }
  return decoded === slug ? slug.slice(0, length) : utf8UriEncode(decoded, length);
}

/**
 * WordPress post semantics over `{prefix}posts` / `{prefix}postmeta`, shared by events, venues and
 * organizers. Reads are batched (one query per table for any number of posts); every write takes the
 * caller's transaction `sql`.
 */
@Injectable()
export class PostsStore {
  constructor(private readonly db: DatabaseService) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /**
   * The attachments the `[gallery ids|include]` shortcodes of `texts` name that WordPress's gallery
   * would find: images (`post_mime_type` `image/…`) of status `inherit` (`gallery_shortcode`'s
   * `get_posts`). No statement when no text has such a gallery.
   */
  async galleryImages(texts: readonly string[]): Promise<Set<number>> {
    const named = [...new Set(texts.flatMap((text) => galleryAttachmentIds(text)))];
    if (!named.length) return new Set();
    const posts = await this.byIds(named);
    return new Set(
      [...posts.values()].filter((p) => p.post_type === 'attachment' && p.post_status === 'inherit' && p.post_mime_type.startsWith('image/')).map((p) => p.ID),
    );
  }

  async byIds(ids: readonly number[]): Promise<Map<number, PostRow>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!unique.length) return new Map();
    const rows = await this.sql.rows(`SELECT ${COLUMNS.join(', ')} FROM ${this.sql.table('posts')} WHERE ID IN (${placeholders(unique)})`, unique);
    return new Map(rows.map((r) => [Number(r.ID), toPostRow(r)]));
  }

  async byId(id: number): Promise<PostRow | undefined> {
    return (await this.byIds([id])).get(id);
  }

  /**
   * The post, read with a row lock held until the transaction ends (MySQL `FOR UPDATE`): concurrent
   * writers of one post queue here instead of interleaving. SQLite runs transactions one at a time.
   */
  async lockedById(id: number): Promise<PostRow | undefined> {
    return (await this.lockedByIds([id])).get(id);
  }

  /** lockedById for many posts in one statement (rows locked in ID order); the posts found, by ID. */
  async lockedByIds(ids: readonly number[]): Promise<Map<number, PostRow>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    return this.locked(`ID IN (${placeholders(unique)})`, unique);
  }

  /** lockedByIds for the posts `parents` and their children (`post_parent`: a series' events), any status. */
  async lockedFamily(parents: readonly number[]): Promise<Map<number, PostRow>> {
    if (!parents.length) return new Map();
    return this.locked(`ID IN (${placeholders(parents)}) OR post_parent IN (${placeholders(parents)})`, [...parents, ...parents]);
  }

  private async locked(where: string, params: SqlParam[]): Promise<Map<number, PostRow>> {
    const rows = await this.sql.rows(`SELECT ${COLUMNS.join(', ')} FROM ${this.sql.table('posts')} WHERE ${where} ORDER BY ID${forUpdate(this.sql)}`, params);
    const posts = new Map(rows.map((row) => [Number(row.ID), toPostRow(row)]));
    const statuses = this.statuses();
    for (const post of posts.values()) {
      if (statuses && !statuses.has(post.ID)) statuses.set(post.ID, { type: post.post_type, before: post.post_status, now: post.post_status });
    }
    return posts;
  }

  /**
   * The status change of a post this transaction inserted, or locked (lockedById) before changing it;
   * undefined for any other post, or outside a transaction.
   */
  statusChange(id: number): PostStatusChange | undefined {
    return this.statuses()?.get(id);
  }

  private statuses(): Map<number, PostStatusChange> | undefined {
    return transactionMemo('posts:status', () => new Map<number, PostStatusChange>());
  }

  private metaCopies(): Map<number, MetaCopy> | undefined {
    return transactionMemo('posts:meta', () => new Map<number, MetaCopy>());
  }

  /** The transaction's copy of the post's meta, read once (one query) when it has none yet. */
  private async metaCopy(postId: number): Promise<MetaCopy | undefined> {
    const copies = this.metaCopies();
    if (!copies) return undefined;
    let copy = copies.get(postId);
    if (!copy) {
      const rows = await this.sql.rows<Pick<MetaRow, 'meta_key' | 'meta_value'>>(
        `SELECT meta_key, meta_value FROM ${this.sql.table('postmeta')} WHERE post_id = ? ORDER BY meta_id`,
        [postId],
      );
      // Another call of this transaction may have made the copy meanwhile.
      copy = copies.get(postId) ?? metaCopyOf(rows.map((r) => ({ key: r.meta_key, value: r.meta_value, pending: false })));
      copies.set(postId, copy);
    }
    return copy;
  }

  /**
   * Runs `work` with the post's meta writes gathered: when the outermost batchMeta of the post ends, the
   * keys deleted go in one DELETE, the keys set in one UPDATE, the new rows in one multi-row INSERT, in
   * the order they were added (so meta_id order is the order of the calls) — the rows `work`'s calls
   * would have left one statement each. Reads of the post's meta through this store see them meanwhile;
   * no other code may read the post's meta inside `work`. Outside a transaction, `work` just runs.
   */
  async batchMeta<T>(postId: number, work: () => Promise<T>): Promise<T> {
    const copy = await this.metaCopy(postId);
    if (!copy) return work();
    copy.batching++;
    let result: T;
    try {
      result = await work();
    } finally {
      copy.batching--;
    }
    if (!copy.batching) await this.flushMeta(postId);
    return result;
  }

  /** Writes what the post's batch gathered: deleted keys, set keys, then the new rows (row order kept). */
  private async flushMeta(postId: number): Promise<void> {
    const copy = this.metaCopies()?.get(postId);
    if (!copy) return;
    const postmeta = this.sql.table('postmeta');
    const deleted = [...copy.deleted];
    copy.deleted.clear();
    if (deleted.length) await this.sql.run(`DELETE FROM ${postmeta} WHERE post_id = ? AND meta_key IN (${placeholders(deleted)})`, [postId, ...deleted]);
    // A key deleted after it was set has no stored row left to set (new rows of it are inserted below).
    const updates = [...copy.updated].flatMap((key) => copy.rows.filter((r) => r.key === key && !r.pending).slice(0, 1));
    copy.updated.clear();
    if (updates.length && settableTogether(updates.map((r) => r.key))) {
      await this.sql.run(
        `UPDATE ${postmeta} SET meta_value = CASE meta_key ${updates.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE post_id = ? AND meta_key IN (${placeholders(updates)})`,
        [...updates.flatMap((r) => [r.key, r.value]), postId, ...updates.map((r) => r.key)],
      );
    } else {
      for (const r of updates) await this.sql.run(`UPDATE ${postmeta} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [r.value, postId, r.key]);
    }
    const pending = copy.rows.filter((r) => r.pending);
    for (let i = 0; i < pending.length; i += META_ROWS_PER_INSERT) {
      const chunk = pending.slice(i, i + META_ROWS_PER_INSERT);
      await this.sql.run(
        `INSERT INTO ${this.sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
        chunk.flatMap((r) => [postId, r.key, r.value]),
      );
      for (const row of chunk) row.pending = false;
    }
  }

  private async flushAllMeta(): Promise<void> {
    for (const postId of this.metaCopies()?.keys() ?? []) await this.flushMeta(postId);
  }

  /** The post of that type whose `post_name` equals `slug` (any status; lowest ID on duplicates). */
  async bySlug(postType: string, slug: string): Promise<PostRow | undefined> {
    const row = await this.sql.one(this.slugLookup(COLUMNS.join(', ')), [postType, slug]);
    return row ? toPostRow(row) : undefined;
  }

  /** The ID of the post `bySlug` finds, without the rest of its row. */
  async idBySlug(postType: string, slug: string): Promise<number | undefined> {
    const row = await this.sql.one<{ ID: number }>(this.slugLookup('ID'), [postType, slug]);
    return row && Number(row.ID);
  }

  /** `columns` of the lowest-ID post of a type with a slug (any status). */
  private slugLookup(columns: string): string {
    return `SELECT ${columns} FROM ${this.sql.table('posts')} WHERE post_type = ? AND post_name = ? ORDER BY ID LIMIT 1`;
  }

  /**
   * IDs of the untrashed posts of the type with this title (and this content, when given), compared
   * case-insensitively (MySQL's collation; SQLite's NOCASE), lowest first.
   */
  async idsByTitle(postType: string, title: string, content?: string): Promise<number[]> {
    const nocase = this.sql.isMysql ? '' : ' COLLATE NOCASE';
    let query = `SELECT ID FROM ${this.sql.table('posts')} WHERE post_type = ? AND post_status <> 'trash' AND post_title = ?${nocase}`;
    const params: SqlParam[] = [postType, title];
    if (content !== undefined) {
      query += ` AND post_content = ?${nocase}`;
      params.push(content);
    }
    return (await this.sql.rows<Pick<PostEntity, 'ID'>>(`${query} ORDER BY ID`, params)).map((row) => Number(row.ID));
  }

  /** How many posts of the type exist (any status). */
  async countOfType(postType: string): Promise<number> {
    const row = await this.sql.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${this.sql.table('posts')} WHERE post_type = ?`, [postType]);
    return Number(row?.n ?? 0);
  }

  /** Up to `limit` IDs of posts of the type (any status) after `afterId`, in ID order: a walk over all of them. */
  async idsOfType(postType: string, afterId: number, limit: number): Promise<number[]> {
    const rows = await this.sql.rows<{ ID: number | string }>(
      `SELECT ID FROM ${this.sql.table('posts')} WHERE post_type = ? AND ID > ? ORDER BY ID LIMIT ${Math.max(1, Math.floor(limit))}`,
      [postType, afterId],
    );
    return rows.map((row) => Number(row.ID));
  }

  /** Meta of many posts in one query; `keys` restricts which keys are read. */
  async meta(ids: readonly number[], keys?: readonly string[]): Promise<Map<number, PostMeta>> {
    const unique = [...new Set(ids)];
    const result = new Map<number, PostMeta>(unique.map((id) => [id, new Map()]));
    if (!unique.length || (keys && !keys.length)) return result;
    const copies = this.metaCopies();
    if (keys && copies && unique.every((id) => copies.has(id))) {
      // The transaction's own copies answer the bookkeeping reads of a write; a full read (the answer
      // rendered after the write) reads the rows as the database stored them.
      for (const id of unique) {
        const meta = result.get(id)!;
        for (const row of copies.get(id)!.rows) {
          if (keys && !keys.includes(row.key)) continue;
          meta.set(row.key, [...(meta.get(row.key) ?? []), row.value ?? '']);
        }
      }
      return result;
    }
    for (const id of unique) if (copies?.has(id)) await this.flushMeta(id);
    const params: SqlParam[] = [...unique];
    let where = `post_id IN (${placeholders(unique)})`;
    if (keys) {
      where += ` AND meta_key IN (${placeholders(keys)})`;
      params.push(...keys);
    }
    // MariaDB can plan `meta_key IN (…)` from the meta_key index (every row of those keys, one per
    // event of the site) when its statistics are fresh from a burst of inserts; the post IDs are the
    // narrow side, always, so the plan is fixed to WordPress's own `post_id` index.
    const hint = this.sql.isMysql ? ' FORCE INDEX (post_id)' : '';
    const rows = await this.sql.rows<Pick<MetaRow, 'post_id' | 'meta_key' | 'meta_value'>>(
      `SELECT post_id, meta_key, meta_value FROM ${this.sql.table('postmeta')}${hint} WHERE ${where} ORDER BY meta_id`,
      params,
    );
    for (const r of rows) {
      const meta = result.get(Number(r.post_id))!;
      const values = meta.get(r.meta_key) ?? [];
      values.push(r.meta_value ?? '');
      meta.set(r.meta_key, values);
    }
    // A full read inside a transaction is the posts' copy from now on (an update reads it first).
    if (copies && !keys) {
      const fresh = new Set(unique.filter((id) => !copies.has(id)));
      for (const id of fresh) copies.set(id, metaCopyOf([]));
      for (const r of rows) {
        if (fresh.has(Number(r.post_id))) copies.get(Number(r.post_id))!.rows.push({ key: r.meta_key, value: r.meta_value, pending: false });
      }
    }
    return result;
  }

  async metaOf(id: number, keys?: readonly string[]): Promise<PostMeta> {
    return (await this.meta([id], keys)).get(id)!;
  }

  /** Inserts a post row with every column WordPress fills (storage.md §2); returns its ID. */
  async insert(post: NewPost): Promise<number> {
    const values: Record<string, SqlParam> = {
      post_author: post.post_author,
      post_date: post.post_date,
      post_date_gmt: post.post_date_gmt,
      post_content: post.post_content ?? '',
      post_title: post.post_title,
      post_excerpt: post.post_excerpt ?? '',
      post_status: post.post_status,
      comment_status: 'closed',
      ping_status: 'closed',
      post_password: post.post_password ?? '',
      post_name: post.post_name,
      to_ping: '',
      pinged: '',
      post_modified: post.post_modified,
      post_modified_gmt: post.post_modified_gmt,
      post_content_filtered: '',
      post_parent: post.post_parent ?? 0,
      guid: guidWithoutId(post) ?? '',
      menu_order: post.menu_order ?? 0,
      post_type: post.post_type,
      post_mime_type: post.post_mime_type ?? '',
      comment_count: 0,
    };
    const names = Object.keys(values);
    const { insertId } = await this.sql.run(
      `INSERT INTO ${this.sql.table('posts')} (${names.join(', ')}) VALUES (${placeholders(names)})`,
      Object.values(values),
    );
    if (values.guid === '') await this.sql.run(`UPDATE ${this.sql.table('posts')} SET guid = ? WHERE ID = ?`, [post.guid(insertId), insertId]);
    // A new post has no meta yet and was not counted in any term.
    this.metaCopies()?.set(insertId, metaCopyOf([]));
    this.statuses()?.set(insertId, { type: post.post_type, now: post.post_status });
    noteWrite({ kind: 'post', id: insertId, action: 'created', postType: post.post_type });
    return insertId;
  }

  /** Sets the given columns of one post. */
  async update(id: number, columns: Partial<PostColumns>): Promise<void> {
    const entries = Object.entries(columns).filter(([name, v]) => WRITABLE.has(name) && v !== undefined);
    if (!entries.length) return;
    await this.sql.run(`UPDATE ${this.sql.table('posts')} SET ${entries.map(([n]) => `${n} = ?`).join(', ')} WHERE ID = ?`, [
      ...entries.map(([, v]) => v as SqlParam),
      id,
    ]);
    const change = this.statusChange(id);
    if (change && columns.post_status !== undefined) change.now = columns.post_status;
    noteWrite({ kind: 'post', id, action: 'updated' });
  }

  /** WP core `add_post_meta` (never replaces). */
  async addMeta(postId: number, key: string, value: unknown): Promise<void> {
    noteWrite({ kind: 'post', id: postId, action: 'updated' });
    const copy = this.metaCopies()?.get(postId);
    const row: MetaRowCopy = { key, value: maybeSerialize(value), pending: true };
    if (copy) copy.rows.push(row);
    if (!copy?.batching) {
      await this.sql.run(`INSERT INTO ${this.sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [postId, key, row.value]);
      row.pending = false;
    }
  }

  /**
   * WP core `update_post_meta` without a previous value: every row of the key is set in place, or a
   * row is added when there is none. Returns whether the stored value changed.
   */
  async setMeta(postId: number, key: string, value: unknown): Promise<boolean> {
    const stored = maybeSerialize(value);
    const copy = await this.metaCopy(postId);
    const rows = copy
      ? copy.rows.filter((r) => r.key === key)
      : (
          await this.sql.rows<Pick<MetaRow, 'meta_value'>>(
            `SELECT meta_value FROM ${this.sql.table('postmeta')} WHERE post_id = ? AND meta_key = ? ORDER BY meta_id`,
            [postId, key],
          )
        ).map((r) => ({ key, value: r.meta_value, pending: false }));
    if (!rows.length) {
      await this.addMeta(postId, key, value);
      return true;
    }
    if (rows.every((r) => r.value === stored)) return false;
    noteWrite({ kind: 'post', id: postId, action: 'updated' });
    if (copy?.batching && rows.some((r) => !r.pending)) copy.updated.add(key);
    else if (rows.some((r) => !r.pending)) {
      await this.sql.run(`UPDATE ${this.sql.table('postmeta')} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [stored, postId, key]);
    }
    for (const row of rows) row.value = stored;
    return true;
  }

  /** Multi-value keys: all rows of the key are deleted and the values inserted in order. */
  async replaceMeta(postId: number, key: string, values: readonly unknown[]): Promise<void> {
    await this.deleteMeta(postId, key);
    for (const value of values) await this.addMeta(postId, key, value);
  }

  /** WP core `delete_post_meta`: every row of the key, or only the rows holding `value`. */
  async deleteMeta(postId: number, key: string, value?: unknown): Promise<boolean> {
    noteWrite({ kind: 'post', id: postId, action: 'updated' });
    const copies = this.metaCopies();
    const copy = copies?.get(postId);
    if (copy && value === undefined) {
      const rows = copy.rows.filter((r) => r.key === key);
      copy.rows = copy.rows.filter((r) => r.key !== key);
      if (copy.batching && rows.some((r) => !r.pending)) copy.deleted.add(key);
      else if (rows.some((r) => !r.pending)) await this.sql.run(`DELETE FROM ${this.sql.table('postmeta')} WHERE post_id = ? AND meta_key = ?`, [postId, key]);
      return rows.length > 0;
    }
    // A value is compared by the database (its collation): the copy is read again when next needed.
    if (copy) {
      await this.flushMeta(postId);
      copies!.delete(postId);
    }
    const params: SqlParam[] = [postId, key];
    let where = 'post_id = ? AND meta_key = ?';
    if (value !== undefined) {
      where += ' AND meta_value = ?';
      params.push(maybeSerialize(value));
    }
    const { affected } = await this.sql.run(`DELETE FROM ${this.sql.table('postmeta')} WHERE ${where}`, params);
    return affected > 0;
  }

  /**
   * Removes every `key` row, of any post, whose value is the given post ID (compared as a number, as
   * link meta such as `_EventVenueID` may hold foreign spellings like `" 5"`). Returns the posts touched.
   */
  async deleteIdLinks(key: string, linkedId: number): Promise<number[]> {
    const cast = this.sql.isMysql ? 'UNSIGNED' : 'INTEGER';
    await this.flushAllMeta();
    const rows = await this.sql.rows<Pick<MetaRow, 'meta_id' | 'post_id'>>(
      `SELECT meta_id, post_id FROM ${this.sql.table('postmeta')} WHERE meta_key = ? AND CAST(TRIM(meta_value) AS ${cast}) = ?`,
      [key, linkedId],
    );
    if (!rows.length) return [];
    const metaIds = rows.map((r) => Number(r.meta_id));
    await this.sql.run(`DELETE FROM ${this.sql.table('postmeta')} WHERE meta_id IN (${placeholders(metaIds)})`, metaIds);
    const touched = [...new Set(rows.map((r) => Number(r.post_id)))];
    for (const id of touched) this.metaCopies()?.delete(id);
    for (const id of touched) noteWrite({ kind: 'post', id, action: 'updated' });
    return touched;
  }

  /**
   * WP core `wp_unique_post_slug` for non-hierarchical types: drafts keep their slug; otherwise a slug
   * taken by another post of the type (or a reserved feed name) gets `-2`, `-3`, … appended.
   */
  async uniqueSlug(slug: string, postType: string, postId: number, status: string, desiredTaken = false): Promise<string> {
    if (FLOATING_STATUSES.has(status)) return slug;
    const sql = `SELECT ID FROM ${this.sql.table('posts')} WHERE post_name = ? AND post_type = ? AND ID <> ? LIMIT 1`;
    const taken = async (name: string) => (await this.sql.one(sql, [name, postType, postId])) !== undefined;
    // A slug is picked only when free under its lock, held until commit (slugLockName): writers that want
    // one slug pick one after the other and see each other's, writers of other slugs never wait. A slug
    // seen taken is skipped without its lock (skipping never gives two posts one slug).
    // The lock and the look go together: MySQL runs a round trip's statements in order, so the look
    // runs once GET_LOCK has granted the lock (and is dropped with it when not granted).
    const free = async (name: string) => {
      const [, seen] = await Promise.all([this.sql.lock(slugLockName(postType, name)), taken(name)]);
      return !seen;
    };
    if (!desiredTaken && !RESERVED_SLUGS.has(slug) && (await free(slug))) return slug;
    for (let suffix = 2; ; suffix++) {
      const candidate = `${truncateSlug(slug, 200 - (String(suffix).length + 1))}-${suffix}`;
      if (!(await taken(candidate)) && (await free(candidate))) return candidate;
    }
  }

  /**
   * The slug a non-trashed post of `status` takes when it wants `slug` (claimSlugFromTrash, then
   * uniqueSlug): the posts holding it are read once, under its lock, for both.
   */
  async claimSlug(slug: string, postType: string, postId: number, status: string): Promise<string> {
    if (!slug || FLOATING_STATUSES.has(status) || RESERVED_SLUGS.has(slug)) {
      await this.claimSlugFromTrash(slug, postType, postId);
      return this.uniqueSlug(slug, postType, postId, status);
    }
    // Under the lock: sent with it, read once it is granted (as in uniqueSlug).
    const [, holders] = await Promise.all([
      this.sql.lock(slugLockName(postType, slug)),
      this.sql.rows<Pick<PostEntity, 'ID' | 'post_name' | 'post_status'>>(
        `SELECT ID, post_name, post_status FROM ${this.sql.table('posts')} WHERE post_name = ? AND post_type = ? AND ID <> ?`,
        [slug, postType, postId],
      ),
    ]);
    const trashed = holders.filter((holder) => holder.post_status === 'trash');
    await this.renameTrashed(trashed);
    return trashed.length === holders.length ? slug : this.uniqueSlug(slug, postType, postId, status, true);
  }

  /**
   * Before a non-trashed post takes `slug`: a trashed post of the same type still holding it without
   * the suffix (legacy data) gets the `__trashed` suffix (WP core, storage.md §8).
   */
  private async claimSlugFromTrash(slug: string, postType: string, postId: number): Promise<void> {
    if (!slug) return;
    const holders = await this.sql.rows<Pick<PostEntity, 'ID' | 'post_name'>>(
      `SELECT ID, post_name FROM ${this.sql.table('posts')} WHERE post_name = ? AND post_type = ? AND post_status = 'trash' AND ID <> ?`,
      [slug, postType, postId],
    );
    await this.renameTrashed(holders);
  }

  private async renameTrashed(holders: readonly Pick<PostEntity, 'ID' | 'post_name'>[]): Promise<void> {
    for (const holder of holders) {
      await this.addMeta(Number(holder.ID), DESIRED_SLUG, holder.post_name);
      await this.update(Number(holder.ID), { post_name: `${truncateSlug(holder.post_name, 191)}${TRASHED_SUFFIX}` });
    }
  }

  /**
   * WP core `wp_trash_post`: remembers the status and time, frees the slug (`<name>__trashed`, the old
   * one kept in `_wp_desired_post_slug`), sets `trash` and the modification dates. Returns the meta
   * keys it added (for `_tribe_modified_fields`).
   */
  async trash(post: PostRow, now: SiteNow): Promise<string[]> {
    await this.addMeta(post.ID, TRASH_META_STATUS, post.post_status);
    await this.addMeta(post.ID, TRASH_META_TIME, now.unix);
    const keys = [TRASH_META_STATUS, TRASH_META_TIME];
    let name = post.post_name;
    if (!name.endsWith(TRASHED_SUFFIX)) {
      await this.addMeta(post.ID, DESIRED_SLUG, name);
      keys.push(DESIRED_SLUG);
      name = `${truncateSlug(name, 191)}${TRASHED_SUFFIX}`;
    }
    name = await this.uniqueSlug(name, post.post_type, post.ID, 'trash');
    noteWrite({ kind: 'post', id: post.ID, action: 'trashed', postType: post.post_type });
    await this.update(post.ID, {
      post_status: 'trash',
      post_name: name,
      post_modified: now.local,
      post_modified_gmt: now.gmt,
    });
    return keys;
  }

  /**
   * WP core `wp_delete_post` for the rows this service knows (storage.md §8): the post's revisions
   * go with it, its other children move up to its parent, its meta rows and its row are deleted.
   * Term relationships are the terms store's (TermsStore.detachAll, before this), comments are left
   * as they are (docs/decisions.md: the service manages none).
   */
  async deletePermanently(post: PostRow): Promise<void> {
    const posts = this.sql.table('posts');
    const postmeta = this.sql.table('postmeta');
    noteWrite({ kind: 'post', id: post.ID, action: 'deleted', postType: post.post_type });
    const revisions = (await this.sql.rows<Pick<PostEntity, 'ID'>>(`SELECT ID FROM ${posts} WHERE post_parent = ? AND post_type = 'revision'`, [post.ID])).map(
      (r) => Number(r.ID),
    );
    const gone = [post.ID, ...revisions];
    await this.sql.run(`UPDATE ${posts} SET post_parent = ? WHERE post_parent = ? AND post_type <> 'revision'`, [post.post_parent, post.ID]);
    await this.sql.run(`DELETE FROM ${postmeta} WHERE post_id IN (${placeholders(gone)})`, gone);
    await this.sql.run(`DELETE FROM ${posts} WHERE ID IN (${placeholders(gone)})`, gone);
    // Nothing of the post is left for this transaction's copies to flush; its status change ends in
    // no status at all (the change log still reads the status it had before).
    this.metaCopies()?.delete(post.ID);
    const statuses = this.statuses();
    statuses?.set(post.ID, { type: post.post_type, before: statuses.get(post.ID)?.before ?? post.post_status, now: '' });
  }

  /**
   * The slug a trashed post takes back when an update moves it out of the trash: the remembered
   * `_wp_desired_post_slug` (that row is deleted), else its current name. The trash-time rows stay,
   * as WordPress leaves them (storage.md §8).
   */
  async slugLeavingTrash(post: PostRow): Promise<string> {
    const desired = (await this.metaOf(post.ID, [DESIRED_SLUG])).get(DESIRED_SLUG)?.[0];
    if (desired === undefined) return post.post_name;
    await this.deleteMeta(post.ID, DESIRED_SLUG);
    return desired || post.post_name;
  }

  /**
   * WP core `wp_check_for_changed_slugs`: when a published post's slug changes, the old one is kept in
   * `_wp_old_slug` (once) and a reused old slug is dropped from that list.
   */
  async recordSlugChange(postId: number, before: string, after: string, status: string): Promise<void> {
    if (before === after || status !== 'publish') return;
    const old = (await this.metaOf(postId, [OLD_SLUG])).get(OLD_SLUG) ?? [];
    if (before && !old.includes(before)) await this.addMeta(postId, OLD_SLUG, before);
    if (old.includes(after)) await this.deleteMeta(postId, OLD_SLUG, after);
  }

  /**
   * tribe-common `Tribe__Tracker`: `_tribe_modified_fields` maps each changed meta key or post field
   * to the site-local Unix time of its last change; first-seen keys are appended.
   */
  async trackModified(postId: number, keys: readonly string[], now: SiteNow): Promise<void> {
    const changed = keys.filter((k) => k !== MODIFIED_FIELDS && k !== '_edit_lock');
    if (!changed.length) return;
    // A write tracks twice (its terms, then the rest): the second starts from the map the first wrote.
    const written = transactionMemo('posts:modified-fields', () => new Map<number, Record<string, number>>());
    let map = written?.get(postId);
    if (!map) {
      await this.metaCopy(postId);
      const parsed = phpUnserialize<Record<string, number>>((await this.metaOf(postId, [MODIFIED_FIELDS])).get(MODIFIED_FIELDS)?.[0]);
      map = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
    }
    for (const key of changed) map[key] = now.localUnix;
    await this.setMeta(postId, MODIFIED_FIELDS, map);
    written?.set(postId, map);
  }
}
