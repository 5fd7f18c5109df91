import { placeholders, Sql, SqlParam } from '../database/sql';
import { Fragment } from '../database/list-query';
import { TRASH_META_STATUS } from './posts.store';

/**
 * The conditions every list of WordPress posts shares (src/database/list-query.ts): which records the
 * caller may see, and which protected records it has unlocked. What the caller may do is decided in
 * src/auth/post-access.ts; these are its rules written as SQL on the listed post's alias.
 */

/** Statuses whose records count as published for `edit_published_*` (WordPress `map_meta_cap`). */
export const PUBLISHED_STATUSES = ['publish', 'future'];

/**
 * Which statuses a list shows (Q21 DEVIATE): records of `others` statuses whoever wrote them, plus the
 * caller's own records of `own` statuses — exactly the records the caller could read one by one.
 */
export interface ReadableStatuses {
  others: string[];
  own: string[];
}

/**
 * The records of `statuses` (ReadableStatuses) on the post `alias`. `statusColumn` lets a caller
 * write the status column differently (SQLite's unary `+` keeps the planner off an index).
 */
export function visibleCondition(alias: string, statuses: ReadableStatuses, callerId: number, statusColumn = `${alias}.post_status`): Fragment {
  const visible: Fragment[] = [];
  if (statuses.others.length) visible.push({ text: `${statusColumn} IN (${placeholders(statuses.others)})`, params: statuses.others });
  if (statuses.own.length) {
    visible.push({ text: `(${alias}.post_author = ? AND ${statusColumn} IN (${placeholders(statuses.own)}))`, params: [callerId, ...statuses.own] });
  }
  if (!visible.length) return { text: '1 = 0', params: [] };
  return { text: `(${visible.map((v) => v.text).join(' OR ')})`, params: visible.flatMap((v) => v.params) };
}

/**
 * Which password-protected records of one type a list caller has unlocked — the rule of
 * `passwordUnlocked` (auth-and-permissions.md §4.4), as data an SQL condition is built from: the
 * `password` parameter equals the record's password, or `context=edit` and the caller holds
 * `edit_post` on it. List filters and searches must not match a locked record through a field its
 * representation blanks (issue #13); without access only unprotected records count as unlocked.
 */
export interface PasswordAccess {
  password?: string;
  /** context=edit: the records the caller may edit (capabilities.ts `canOnPost`, split by author). */
  editable?: {
    callerId: number;
    /** Others' records, except those of these statuses; absent: none (no `edit_others_*`). */
    others?: { exceptStatuses: string[] };
    /** Own records: all, only published ones (trashed ones by their status before the trash), or only the rest. */
    own?: 'all' | 'published' | 'unpublished';
  };
}

/**
 * The condition "the caller has the record `alias` unlocked" (unprotected records always are).
 * Passwords compare byte for byte as `passwordMatches` does: MySQL's collations would ignore case.
 */
export function unlockedCondition(sql: Sql, alias: string, access: PasswordAccess): { text: string; params: SqlParam[] } {
  const any: string[] = [`${alias}.post_password = ''`];
  const params: SqlParam[] = [];
  if (access.password !== undefined) {
    any.push(sql.isMysql ? `CAST(${alias}.post_password AS BINARY) = CAST(? AS BINARY)` : `${alias}.post_password = ?`);
    params.push(access.password);
  }
  const { editable } = access;
  if (editable?.others) {
    const except = editable.others.exceptStatuses;
    any.push(`(${alias}.post_author <> ?${except.length ? ` AND ${alias}.post_status NOT IN (${placeholders(except)})` : ''})`);
    params.push(editable.callerId, ...except);
  }
  if (editable?.own) {
    // An own trashed record needs the capability of the status it had (`_wp_trash_meta_status`).
    const published =
      `(${alias}.post_status IN (${placeholders(PUBLISHED_STATUSES)}) OR (${alias}.post_status = 'trash' AND EXISTS (SELECT 1 FROM ${sql.table('postmeta')} tm ` +
      `WHERE tm.post_id = ${alias}.ID AND tm.meta_key = ? AND tm.meta_value IN (${placeholders(PUBLISHED_STATUSES)}))))`;
    const which = { all: '', published: ` AND ${published}`, unpublished: ` AND NOT ${published}` }[editable.own];
    any.push(`(${alias}.post_author = ?${which})`);
    params.push(editable.callerId, ...(editable.own === 'all' ? [] : [...PUBLISHED_STATUSES, TRASH_META_STATUS, ...PUBLISHED_STATUSES]));
  }
  return { text: `(${any.join(' OR ')})`, params };
}
