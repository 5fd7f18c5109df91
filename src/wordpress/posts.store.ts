import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { forUpdate, placeholders, Sql, SqlParam } from '../database/sql';
import { maybeSerialize, phpUnserialize } from './php-serialization';
import { SiteNow, WpDateTime } from './site-clock';
import { utf8UriEncode } from './slugs';

/** One `{prefix}posts` row (the columns this API reads). */
export interface PostRow {
  ID: number;
  post_author: number;
  post_date: WpDateTime;
  post_date_gmt: WpDateTime;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: string;
  post_password: string;
  post_name: string;
  post_modified: WpDateTime;
  post_modified_gmt: WpDateTime;
  post_parent: number;
  guid: string;
  menu_order: number;
  post_type: string;
  post_mime_type: string;
}

/** A post's meta: key → values in row order (`meta_id` ascending). */
export type PostMeta = Map<string, string[]>;

/** The columns a caller may set on insert or update. */
export type PostColumns = Omit<PostRow, 'ID' | 'guid'>;

export interface NewPost extends Partial<PostColumns> {
  post_type: string;
  post_status: string;
  post_author: number;
  post_title: string;
  post_name: string;
  post_date: WpDateTime;
  post_date_gmt: WpDateTime;
  post_modified: WpDateTime;
  post_modified_gmt: WpDateTime;
  /** WP core fills `guid` once, from the permalink the post has right after insert. */
  guid: (id: number) => string;
}

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
] as const;
const WRITABLE = new Set<string>(COLUMNS.filter((c) => c !== 'ID' && c !== 'guid'));
/** Reserved feed names that never become a bare slug (WP core `wp_unique_post_slug`). */
const RESERVED_SLUGS = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed']);


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

  async byIds(ids: readonly number[], sql: Sql = this.db.sql): Promise<Map<number, PostRow>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!unique.length) return new Map();
    const rows = await sql.rows(`SELECT ${COLUMNS.join(', ')} FROM ${sql.table('posts')} WHERE ID IN (${placeholders(unique)})`, unique);
    return new Map(rows.map((r) => [Number(r.ID), toPostRow(r)]));
  }

  async byId(id: number, sql: Sql = this.db.sql): Promise<PostRow | undefined> {
    return (await this.byIds([id], sql)).get(id);
  }

  /**
   * The post, read with a row lock held until the transaction ends (MySQL `FOR UPDATE`): concurrent
   * writers of one post queue here instead of interleaving. SQLite runs transactions one at a time.
   */
  async lockedById(id: number, sql: Sql): Promise<PostRow | undefined> {
    const row = await sql.one(`SELECT ${COLUMNS.join(', ')} FROM ${sql.table('posts')} WHERE ID = ?${forUpdate(sql)}`, [id]);
    return row ? toPostRow(row) : undefined;
  }

  /** The post of that type whose `post_name` equals `slug` (any status; lowest ID on duplicates). */
  async bySlug(postType: string, slug: string, sql: Sql = this.db.sql): Promise<PostRow | undefined> {
    const row = await sql.one(
      `SELECT ${COLUMNS.join(', ')} FROM ${sql.table('posts')} WHERE post_type = ? AND post_name = ? ORDER BY ID LIMIT 1`,
      [postType, slug],
    );
    return row ? toPostRow(row) : undefined;
  }

  /** Meta of many posts in one query; `keys` restricts which keys are read. */
  async meta(ids: readonly number[], keys?: readonly string[], sql: Sql = this.db.sql): Promise<Map<number, PostMeta>> {
    const unique = [...new Set(ids)];
    const result = new Map<number, PostMeta>(unique.map((id) => [id, new Map()]));
    if (!unique.length || (keys && !keys.length)) return result;
    const params: SqlParam[] = [...unique];
    let where = `post_id IN (${placeholders(unique)})`;
    if (keys) {
      where += ` AND meta_key IN (${placeholders(keys)})`;
      params.push(...keys);
    }
    const rows = await sql.rows<{ post_id: number; meta_key: string; meta_value: string | null }>(
      `SELECT post_id, meta_key, meta_value FROM ${sql.table('postmeta')} WHERE ${where} ORDER BY meta_id`,
      params,
    );
    for (const r of rows) {
      const meta = result.get(Number(r.post_id))!;
      const values = meta.get(r.meta_key) ?? [];
      values.push(r.meta_value ?? '');
      meta.set(r.meta_key, values);
    }
    return result;
  }

  async metaOf(id: number, keys?: readonly string[], sql: Sql = this.db.sql): Promise<PostMeta> {
    return (await this.meta([id], keys, sql)).get(id)!;
  }

  /** Inserts a post row with every column WordPress fills (storage.md §2); returns its ID. */
  async insert(sql: Sql, post: NewPost): Promise<number> {
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
      guid: '',
      menu_order: post.menu_order ?? 0,
      post_type: post.post_type,
      post_mime_type: post.post_mime_type ?? '',
      comment_count: 0,
    };
    const names = Object.keys(values);
    const { insertId } = await sql.run(
      `INSERT INTO ${sql.table('posts')} (${names.join(', ')}) VALUES (${placeholders(names)})`,
      Object.values(values),
    );
    await sql.run(`UPDATE ${sql.table('posts')} SET guid = ? WHERE ID = ?`, [post.guid(insertId), insertId]);
    return insertId;
  }

  /** Sets the given columns of one post. */
  async update(sql: Sql, id: number, columns: Partial<PostColumns>): Promise<void> {
    const entries = Object.entries(columns).filter(([name, v]) => WRITABLE.has(name) && v !== undefined);
    if (!entries.length) return;
    await sql.run(`UPDATE ${sql.table('posts')} SET ${entries.map(([n]) => `${n} = ?`).join(', ')} WHERE ID = ?`, [
      ...entries.map(([, v]) => v as SqlParam),
      id,
    ]);
  }

  /** WP core `add_post_meta` (never replaces). */
  async addMeta(sql: Sql, postId: number, key: string, value: unknown): Promise<void> {
    await sql.run(`INSERT INTO ${sql.table('postmeta')} (post_id, meta_key, meta_value) VALUES (?, ?, ?)`, [
      postId,
      key,
      maybeSerialize(value),
    ]);
  }

  /**
   * WP core `update_post_meta` without a previous value: every row of the key is set in place, or a
   * row is added when there is none. Returns whether the stored value changed.
   */
  async setMeta(sql: Sql, postId: number, key: string, value: unknown): Promise<boolean> {
    const stored = maybeSerialize(value);
    const rows = await sql.rows<{ meta_value: string | null }>(
      `SELECT meta_value FROM ${sql.table('postmeta')} WHERE post_id = ? AND meta_key = ? ORDER BY meta_id`,
      [postId, key],
    );
    if (!rows.length) {
      await this.addMeta(sql, postId, key, value);
      return true;
    }
    if (rows.every((r) => r.meta_value === stored)) return false;
    await sql.run(`UPDATE ${sql.table('postmeta')} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [stored, postId, key]);
    return true;
  }

  /** Multi-value keys: all rows of the key are deleted and the values inserted in order. */
  async replaceMeta(sql: Sql, postId: number, key: string, values: readonly unknown[]): Promise<void> {
    await this.deleteMeta(sql, postId, key);
    for (const value of values) await this.addMeta(sql, postId, key, value);
  }

  /** WP core `delete_post_meta`: every row of the key, or only the rows holding `value`. */
  async deleteMeta(sql: Sql, postId: number, key: string, value?: unknown): Promise<boolean> {
    const params: SqlParam[] = [postId, key];
    let where = 'post_id = ? AND meta_key = ?';
    if (value !== undefined) {
      where += ' AND meta_value = ?';
      params.push(maybeSerialize(value));
    }
    const { affected } = await sql.run(`DELETE FROM ${sql.table('postmeta')} WHERE ${where}`, params);
    return affected > 0;
  }

  /**
   * Removes every `key` row, of any post, whose value is the given post ID (compared as a number, as
   * link meta such as `_EventVenueID` may hold foreign spellings like `" 5"`). Returns the posts touched.
   */
  async deleteIdLinks(sql: Sql, key: string, linkedId: number): Promise<number[]> {
    const cast = sql.isMysql ? 'UNSIGNED' : 'INTEGER';
    const rows = await sql.rows<{ meta_id: number; post_id: number }>(
      `SELECT meta_id, post_id FROM ${sql.table('postmeta')} WHERE meta_key = ? AND CAST(TRIM(meta_value) AS ${cast}) = ?`,
      [key, linkedId],
    );
    if (!rows.length) return [];
    const metaIds = rows.map((r) => Number(r.meta_id));
    await sql.run(`DELETE FROM ${sql.table('postmeta')} WHERE meta_id IN (${placeholders(metaIds)})`, metaIds);
    return [...new Set(rows.map((r) => Number(r.post_id)))];
  }

  /**
   * WP core `wp_unique_post_slug` for non-hierarchical types: drafts keep their slug; otherwise a slug
   * taken by another post of the type (or a reserved feed name) gets `-2`, `-3`, … appended.
   */
  async uniqueSlug(sql: Sql, slug: string, postType: string, postId: number, status: string): Promise<string> {
    if (FLOATING_STATUSES.has(status)) return slug;
    // Held until commit, so concurrent writers of the type pick slugs one after the other (and see each other's).
    await sql.lock(`slug:${postType}`);
    const taken = async (name: string) =>
      (await sql.one(`SELECT ID FROM ${sql.table('posts')} WHERE post_name = ? AND post_type = ? AND ID <> ? LIMIT 1`, [
        name,
        postType,
        postId,
      ])) !== undefined;
    if (!(await taken(slug)) && !RESERVED_SLUGS.has(slug)) return slug;
    for (let suffix = 2; ; suffix++) {
      const candidate = `${truncateSlug(slug, 200 - (String(suffix).length + 1))}-${suffix}`;
      if (!(await taken(candidate))) return candidate;
    }
  }

  /**
   * Before a non-trashed post takes `slug`: a trashed post of the same type still holding it without
   * the suffix (legacy data) gets the `__trashed` suffix (WP core, storage.md §8).
   */
  async claimSlugFromTrash(sql: Sql, slug: string, postType: string, postId: number): Promise<void> {
    if (!slug) return;
    const holders = await sql.rows<{ ID: number; post_name: string }>(
      `SELECT ID, post_name FROM ${sql.table('posts')} WHERE post_name = ? AND post_type = ? AND post_status = 'trash' AND ID <> ?`,
      [slug, postType, postId],
    );
    for (const holder of holders) {
      await this.addMeta(sql, Number(holder.ID), DESIRED_SLUG, holder.post_name);
      await this.update(sql, Number(holder.ID), { post_name: `${truncateSlug(holder.post_name, 191)}${TRASHED_SUFFIX}` });
    }
  }

  /**
   * WP core `wp_trash_post`: remembers the status and time, frees the slug (`<name>__trashed`, the old
   * one kept in `_wp_desired_post_slug`), sets `trash` and the modification dates. Returns the meta
   * keys it added (for `_tribe_modified_fields`).
   */
  async trash(sql: Sql, post: PostRow, now: SiteNow): Promise<string[]> {
    await this.addMeta(sql, post.ID, TRASH_META_STATUS, post.post_status);
    await this.addMeta(sql, post.ID, TRASH_META_TIME, now.unix);
    const keys = [TRASH_META_STATUS, TRASH_META_TIME];
    let name = post.post_name;
    if (!name.endsWith(TRASHED_SUFFIX)) {
      await this.addMeta(sql, post.ID, DESIRED_SLUG, name);
      keys.push(DESIRED_SLUG);
      name = `${truncateSlug(name, 191)}${TRASHED_SUFFIX}`;
    }
    name = await this.uniqueSlug(sql, name, post.post_type, post.ID, 'trash');
    await this.update(sql, post.ID, {
      post_status: 'trash',
      post_name: name,
      post_modified: now.local,
      post_modified_gmt: now.gmt,
    });
    return keys;
  }

  /**
   * The slug a trashed post takes back when an update moves it out of the trash: the remembered
   * `_wp_desired_post_slug` (that row is deleted), else its current name. The trash-time rows stay,
   * as WordPress leaves them (storage.md §8).
   */
  async slugLeavingTrash(sql: Sql, post: PostRow): Promise<string> {
    const desired = (await this.metaOf(post.ID, [DESIRED_SLUG], sql)).get(DESIRED_SLUG)?.[0];
    if (desired === undefined) return post.post_name;
    await this.deleteMeta(sql, post.ID, DESIRED_SLUG);
    return desired || post.post_name;
  }

  /**
   * WP core `wp_check_for_changed_slugs`: when a published post's slug changes, the old one is kept in
   * `_wp_old_slug` (once) and a reused old slug is dropped from that list.
   */
  async recordSlugChange(sql: Sql, postId: number, before: string, after: string, status: string): Promise<void> {
    if (before === after || status !== 'publish') return;
    const old = (await this.metaOf(postId, [OLD_SLUG], sql)).get(OLD_SLUG) ?? [];
    if (before && !old.includes(before)) await this.addMeta(sql, postId, OLD_SLUG, before);
    if (old.includes(after)) await this.deleteMeta(sql, postId, OLD_SLUG, after);
  }

  /**
   * tribe-common `Tribe__Tracker`: `_tribe_modified_fields` maps each changed meta key or post field
   * to the site-local Unix time of its last change; first-seen keys are appended.
   */
  async trackModified(sql: Sql, postId: number, keys: readonly string[], now: SiteNow): Promise<void> {
    const changed = keys.filter((k) => k !== MODIFIED_FIELDS && k !== '_edit_lock');
    if (!changed.length) return;
    const raw = (await this.metaOf(postId, [MODIFIED_FIELDS], sql)).get(MODIFIED_FIELDS)?.[0];
    const parsed = phpUnserialize<Record<string, number>>(raw);
    const map: Record<string, number> = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
    for (const key of changed) map[key] = now.localUnix;
    await this.setMeta(sql, postId, MODIFIED_FIELDS, map);
  }
}
