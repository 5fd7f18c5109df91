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

/** What a new event's posts row holds of its own; PostsStore.insert's defaults fill the rest. */
export type NewEventColumns = Record<
  | 'post_author'
  | 'post_date'
  | 'post_date_gmt'
  | 'post_content'
  | 'post_title'
  | 'post_excerpt'
  | 'post_status'
  | 'post_name'
  | 'post_modified'
  | 'post_modified_gmt'
  | 'menu_order',
  SqlParam
>;

/** The posts columns of a new top-level event as PostsStore.insert fills them, in its order (`guid` left to EventBatchWriter). */
export function newEventColumns(own: NewEventColumns): Record<string, SqlParam> {
  return {
    post_author: own.post_author,
    post_date: own.post_date,
    post_date_gmt: own.post_date_gmt,
    post_content: own.post_content,
    post_title: own.post_title,
    post_excerpt: own.post_excerpt,
    post_status: own.post_status,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name: own.post_name,
    to_ping: '',
    pinged: '',
    post_modified: own.post_modified,
    post_modified_gmt: own.post_modified_gmt,
    post_content_filtered: '',
    post_parent: 0,
    menu_order: own.menu_order,
    post_type: EVENT_POST_TYPE,
    post_mime_type: '',
    comment_count: 0,
  };
}

/** The `guid` WordPress records right after insert: the permalink of the new post. */
export function eventGuid(links: PostLinks, id: number, post: Record<string, SqlParam>): string {
  return links.guid({ ID: id, post_type: EVENT_POST_TYPE, post_status: String(post.post_status), post_name: String(post.post_name) });
}
