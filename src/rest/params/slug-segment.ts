import { sanitizeTitle } from '../../wordpress/slugs';
import { RestError } from '../../reasons/rest-error';
import { shownValue } from '../../reasons/shown-value';

/**
 * A by-slug path segment as the slug it names (WordPress `sanitize_title_for_query`). One that sanitises
 * to nothing (`!!`, `%`, a space, a quote) is an invalid `slug` for every caller: looked up, it would
 * name the lowest-ID draft, since drafts have no slug (issue #13). Shared by every by-slug route.
 */
export function addressedSlug(segment: string): string {
  const slug = sanitizeTitle(segment);
  if (slug === '') throw RestError.invalidParams({ slug: `slug: ${shownValue(segment)} leaves nothing once made a slug (letters, digits and dashes).` });
  return slug;
}

/** The reason a by-slug route gives when the slug names no record (`noun`: "event"). */
export function noRecordWithSlug(noun: string, segment: string): string {
  return `slug: no ${noun} has the slug ${shownValue(sanitizeTitle(segment))}.`;
}
