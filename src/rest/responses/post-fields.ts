import type { PostRow } from '../../wordpress/posts.store';

/**
 * The WordPress post keys every post-type record shows after its ID, in the plugin's order (events,
 * venues, organizers, and any resource built on PostResponse): the author as a numeric string (Quirk
 * Q6), the status, the publication and modification dates in the site time zone and in UTC.
 */
export function postAuthorStatusDates(post: PostRow) {
  return {
    author: String(post.post_author),
    status: post.post_status,
    date: post.post_date,
    date_utc: post.post_date_gmt,
    modified: post.post_modified,
    modified_utc: post.post_modified_gmt,
  };
}
