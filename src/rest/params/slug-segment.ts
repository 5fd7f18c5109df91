import { sanitizeTitle } from '../../wordpress/slugs';
import { RestError } from '../rest-error';

/**
 * A by-slug path segment as the slug it names (WordPress `sanitize_title_for_query`). One that sanitises
 * to nothing (`!!`, `%`, a space, a quote) is an invalid `slug` for every caller: looked up, it would
 * name the lowest-ID draft, since drafts have no slug (issue #13). Shared by every by-slug route.
 */
export function addressedSlug(segment: string): string {
  const slug = sanitizeTitle(segment);
  if (slug === '') throw RestError.invalidParams({ slug: 'Invalid parameter.' });
  return slug;
}
