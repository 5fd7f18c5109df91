import { CATEGORIES } from '../categories';
import { TAGS } from '../tags';
import { TermLinks, embeddedTerm } from '../terms';
import { phpEmpty } from '../wordpress/rendering';
import { GLOBAL_ID_LINEAGE, PostLinks } from '../wordpress/permalinks';
import { PostMeta } from '../wordpress/posts.store';
import { renderedDescription, renderedExcerpt, renderedTitle } from '../cache/rendered-text';
import { costDetails, renderCost } from './cost';
import { renderEventDates } from '../dates';
import { EventRecord, firstMeta } from './read/event-record';
import { EventSiteSettings } from './read/event-settings';
import { escHtml } from '../wordpress/text-sanitize';
import { postAuthorStatusDates } from '../rest/responses/post-fields';
import type { EventResponse } from './event.response';

/** What the mapper needs besides the record: link builders and site settings of the request. */
export interface EventMapContext {
  links: PostLinks;
  termLinks: TermLinks;
  /** `{REST_BASE}` (formats.md §5.1). */
  restBase: string;
  settings: EventSiteSettings;
  /** The existing image attachments the events' `[gallery]` shortcodes name (galleryAttachmentIds). */
  galleryImages: ReadonlySet<number>;
}

/** `show_map` / `show_map_link`: row absent → true; `""` and `"0"` → false; anything else → true. */
function mapFlag(meta: PostMeta, key: string): boolean {
  const value = firstMeta(meta, key);
  return value === undefined || (value !== '' && value !== '0');
}

/** PHP `empty()` of a stored meta string. */

/** events.md §1.4: `[]` when no definition has a value, else an object keyed by field name. */
function customFields(meta: PostMeta, settings: EventSiteSettings): unknown[] | Record<string, { label: string; value: string }> {
  const fields: Record<string, { label: string; value: string }> = {};
  for (const { name, label } of settings.customFields) {
    const value = firstMeta(meta, name);
    if (!phpEmpty(value)) fields[name] = { label, value: value! };
  }
  return Object.keys(fields).length ? fields : [];
}

/**
 * The event object of events.md §1 without `json_ld`: every key, in contract order, with the JSON
 * types of formats.md §7 (events never drop empty keys).
 */
export function mapEvent(record: EventRecord, ctx: EventMapContext): EventResponse {
  const { post, meta } = record;
  const { links, settings } = ctx;
  const url = links.permalink(post);
  const dates = renderEventDates(
    {
      _EventStartDate: firstMeta(meta, '_EventStartDate'),
      _EventEndDate: firstMeta(meta, '_EventEndDate'),
      _EventStartDateUTC: firstMeta(meta, '_EventStartDateUTC'),
      _EventEndDateUTC: firstMeta(meta, '_EventEndDateUTC'),
      _EventTimezone: firstMeta(meta, '_EventTimezone'),
      _EventTimezoneAbbr: firstMeta(meta, '_EventTimezoneAbbr'),
      _EventAllDay: firstMeta(meta, '_EventAllDay'),
    },
    settings.timezone,
  );
  const cost = {
    costs: meta.get('_EventCost') ?? [],
    currencySymbol: firstMeta(meta, '_EventCurrencySymbol'),
    currencyPosition: firstMeta(meta, '_EventCurrencyPosition'),
    currencyCode: firstMeta(meta, '_EventCurrencyCode'),
  };
  const website = firstMeta(meta, '_EventURL');
  return {
    id: post.ID,
    global_id: links.globalId(post.ID),
    global_id_lineage: links.globalIdLineage(post.ID, meta.get(GLOBAL_ID_LINEAGE) ?? []),
    ...postAuthorStatusDates(post),
    url,
    rest_url: `${ctx.restBase}/events/${post.ID}`,
    title: renderedTitle(post.post_title),
    description: renderedDescription(post.post_content, ctx.galleryImages),
    excerpt: renderedExcerpt(post.post_excerpt),
    slug: post.post_name,
    image: record.image,
    ...dates,
    cost: renderCost(cost, settings),
    cost_details: costDetails(cost),
    website: website === undefined ? url : escHtml(website),
    show_map: mapFlag(meta, '_EventShowMap'),
    show_map_link: mapFlag(meta, '_EventShowMapLink'),
    hide_from_listings: firstMeta(meta, '_EventHideFromUpcoming') === 'yes',
    sticky: post.menu_order === -1,
    featured: Number(firstMeta(meta, '_tribe_featured')) === 1,
    categories: record.categories.map((term) => embeddedTerm(term, CATEGORIES, ctx.termLinks)),
    tags: record.tags.map((term) => embeddedTerm(term, TAGS, ctx.termLinks)),
    venue: record.venue,
    organizer: record.organizer,
    custom_fields: customFields(meta, settings),
  };
}
