import { placeholders, Sql, SqlParam } from '../database/sql';
import { LinkedPostType } from './linked-post-type';
import { ReadableStatuses } from './visibility';

/** Event statuses that make a record "have events" (Q44 DEVIATE: not trash/auto-draft/draft/pending). */
export const HAS_EVENTS_STATUSES: readonly string[] = ['publish', 'future', 'private'];

export interface ListFilters {
  statuses: ReadableStatuses;
  callerId: number;
  /** Only records linked from this event. */
  event?: number;
  /** true: linked from a counting event; false: from none. */
  hasEvents?: boolean;
  /** Only records linked from an event of these statuses starting at or after this UTC wall time. */
  upcoming?: { fromUtc: string; statuses: readonly string[] };
}

/**
 * IDs of the records matching every filter, in WordPress' default order: publication date descending,
 * then ID descending (Q58). Links are read from the events' meta, compared as numbers.
 */
export async function listIds(sql: Sql, type: LinkedPostType, filters: ListFilters): Promise<number[]> {
  const posts = sql.table('posts');
  const meta = sql.table('postmeta');
  const asId = (column: string) => `CAST(TRIM(${column}) AS ${sql.isMysql ? 'UNSIGNED' : 'INTEGER'})`;
  const where: string[] = ['p.post_type = ?'];
  const params: SqlParam[] = [type.postType];

  const visible: string[] = [];
  if (filters.statuses.others.length) {
    visible.push(`p.post_status IN (${placeholders(filters.statuses.others)})`);
    params.push(...filters.statuses.others);
  }
  if (filters.statuses.own.length) {
    visible.push(`(p.post_author = ? AND p.post_status IN (${placeholders(filters.statuses.own)}))`);
    params.push(filters.callerId, ...filters.statuses.own);
  }
  where.push(visible.length ? `(${visible.join(' OR ')})` : '1 = 0');

  if (filters.event !== undefined) {
    where.push(`p.ID IN (SELECT ${asId('m.meta_value')} FROM ${meta} m WHERE m.post_id = ? AND m.meta_key = ?)`);
    params.push(filters.event, type.eventLinkKey);
  }
  const linkedFrom = (statuses: readonly string[], extraJoin = '', extraWhere = '') =>
    `EXISTS (SELECT 1 FROM ${meta} m JOIN ${posts} e ON e.ID = m.post_id ${extraJoin}
      WHERE m.meta_key = ? AND e.post_type = 'tribe_events' AND e.post_status IN (${placeholders(statuses)})
      AND ${asId('m.meta_value')} = p.ID ${extraWhere})`;
  if (filters.hasEvents !== undefined) {
    where.push(`${filters.hasEvents ? '' : 'NOT '}${linkedFrom(HAS_EVENTS_STATUSES)}`);
    params.push(type.eventLinkKey, ...HAS_EVENTS_STATUSES);
  }
  if (filters.upcoming) {
    const { fromUtc, statuses } = filters.upcoming;
    where.push(linkedFrom(statuses, `JOIN ${meta} s ON s.post_id = e.ID AND s.meta_key = '_EventStartDateUTC'`, 'AND TRIM(s.meta_value) >= ?'));
    params.push(type.eventLinkKey, ...statuses, fromUtc);
  }

  const rows = await sql.rows<{ ID: number }>(
    `SELECT p.ID FROM ${posts} p WHERE ${where.join(' AND ')} ORDER BY p.post_date DESC, p.ID DESC`,
    params,
  );
  return rows.map((r) => Number(r.ID));
}
