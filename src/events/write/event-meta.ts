import { PostMeta } from '../../wordpress/posts.store';
import { phpStripTags } from '../../wordpress/text-sanitize';
import { EventDateMeta } from '../../dates';

/** Event meta keys the write side touches (storage.md §3). */
export const META = {
  origin: '_EventOrigin',
  showMapLink: '_EventShowMapLink',
  showMap: '_EventShowMap',
  venue: '_EventVenueID',
  organizer: '_EventOrganizerID',
  allDay: '_EventAllDay',
  cost: '_EventCost',
  currencySymbol: '_EventCurrencySymbol',
  currencyPosition: '_EventCurrencyPosition',
  url: '_EventURL',
  featured: '_tribe_featured',
  hide: '_EventHideFromUpcoming',
  thumbnail: '_thumbnail_id',
} as const;

export const ORIGIN = 'events-calendar';

/** The date rows in the order TEC writes them (the zone rows come after the website, as in its data). */
export const DATE_KEYS: readonly (keyof EventDateMeta)[] = ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration'];
export const ZONE_KEYS: readonly (keyof EventDateMeta)[] = ['_EventTimezone', '_EventTimezoneAbbr'];

/** Booleans as WordPress stores them: `"1"` / `""` (storage.md §3). */
export const metaFlag = (value: boolean): string => (value ? '1' : '');

/**
 * `_EventURL` (events.md §4.8): HTML tags removed; characters that cannot appear in a URL (spaces,
 * control characters, quotes' HTML forms stay as given — they are escaped on output) are dropped.
 */
export function storedWebsite(value: string): string {
  return phpStripTags(value).replace(/[\s\x00-\x1f\x7f]/g, '');
}

export function sameValues(meta: PostMeta, key: string, values: readonly string[]): boolean {
  const stored = meta.get(key) ?? [];
  return stored.length === values.length && stored.every((v, i) => v === values[i]);
}
