import { SqlParam } from '../../database/sql';
import { EventDateMeta } from '../../dates';
import { PostLinks } from '../../wordpress/permalinks';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';

/**
 * The rows one event writes, before its ID is known: what EventBatchWriter inserts with multi-row
 * statements (the seed command's events, a series' later occurrences).
 */
export interface EventRows {
  /** `posts` columns except `guid` (set from the ID, as WordPress does). */
  post: Record<string, SqlParam>;
  /** Meta rows in the order the API writes them (values as stored). */
  meta: [string, string][];
  termTaxonomyIds: number[];
  /** The date meta the TEC tables are written from. */
  dates: EventDateMeta;
}

/** The `guid` WordPress records right after insert: the permalink of the new post. */
export function eventGuid(links: PostLinks, id: number, post: Record<string, SqlParam>): string {
  return links.guid({ ID: id, post_type: EVENT_POST_TYPE, post_status: String(post.post_status), post_name: String(post.post_name) });
}
