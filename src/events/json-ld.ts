import { renderedTitle } from '../cache/rendered-text';
import { jsonLdDescription, jsonLdName, titleWithStatusPrefix } from '../wordpress/rendering';
import { renderCost } from './cost';
import { jsonLdDate, jsonLdValidFrom, zoneOrFallback } from '../dates';
import { EventRecord, firstMeta } from './read/event-record';
import { EventSiteSettings } from './read/event-settings';
import { safeJsonLdLinks } from '../wordpress/safe-url';
import type { EventResponse } from './event.response';

const EVENT_STATUS: Record<string, string> = {
  canceled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};

type JsonObject = Record<string, unknown>;

/** The embedded record's own JSON-LD, or false when it has none (password-protected / not visible). */
function linkedJsonLd(record: { json_ld?: unknown } | undefined): unknown {
  return record === undefined ? undefined : (record.json_ld ?? false);
}

/**
 * TEC's `tribe_get_cost($id)` without the currency symbol, as the Offer `price` (`Free` → `0`). Best
 * effort (OQ-4): the rendered cost with the symbol removed.
 */
function offerPrice(record: EventRecord, settings: EventSiteSettings): string {
  const symbol = firstMeta(record.meta, '_EventCurrencySymbol') || settings.defaultCurrencySymbol || '$';
  const cost = renderCost(
    {
      costs: record.meta.get('_EventCost') ?? [],
      currencySymbol: firstMeta(record.meta, '_EventCurrencySymbol'),
      currencyPosition: firstMeta(record.meta, '_EventCurrencyPosition'),
    },
    settings,
  );
  const price = cost.split(symbol).join('').trim();
  return price === 'Free' ? '0' : price;
}

/**
 * The event's `json_ld` (events.md §1.5, TEC `JSON_LD/Event.php`): keys in TEC's order; `location` /
 * `organizer` absent without venue / organizer and `false` when the embedded record shows none (Q38:
 * always filled otherwise); `offers` only with a cost. `event` is the mapped representation (its
 * rendered dates, url, cost and embedded venue/organizers are reused). Its links, the embedded ones
 * included, are http(s) or empty (issue #22).
 */
export function eventJsonLd(record: EventRecord, event: EventResponse, settings: EventSiteSettings): JsonObject {
  const { post, meta } = record;
  const data: JsonObject = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: jsonLdName(renderedTitle(titleWithStatusPrefix(post))),
    description: jsonLdDescription(post.post_excerpt, post.post_content),
  };
  if (record.image && record.image.url) data.image = record.image.url;
  // TEC's `tribe_get_event_link`, not the permalink: a draft's is `…&p=5%2F/` (issue #22).
  data.url = record.link;
  data.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  data.eventStatus = EVENT_STATUS[firstMeta(meta, '_tribe_events_status') ?? ''] ?? 'https://schema.org/EventScheduled';
  // TEC: the event's zone in `event` mode (the default), else the site's (JSON_LD/Event.php).
  const zone = zoneOrFallback(settings.timezoneMode === 'site' ? undefined : firstMeta(meta, '_EventTimezone'), settings.timezone);
  data.startDate = jsonLdDate(event.start_date, zone);
  data.endDate = jsonLdDate(event.end_date, zone);
  const venue = Array.isArray(record.venue) ? record.venue[0] : record.venue;
  const location = linkedJsonLd(venue);
  if (location !== undefined) data.location = location;
  const organizer = linkedJsonLd(record.organizer[0]);
  if (organizer !== undefined) data.organizer = organizer;
  if (event.cost !== '') {
    data.offers = {
      '@type': 'Offer',
      price: offerPrice(record, settings),
      priceCurrency: firstMeta(meta, '_EventCurrencyCode') || settings.defaultCurrencyCode,
      url: record.link,
      category: 'primary',
      availability: 'inStock',
      validFrom: jsonLdValidFrom(post.post_date),
    };
  }
  data.performer = 'Organization';
  return safeJsonLdLinks(data);
}
