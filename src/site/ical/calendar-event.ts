/**
 * What one VEVENT is written from, read off the API's event representation (src/events/event.mapper.ts):
 * the feed shows exactly what the caller may see through the API, a locked password-protected event
 * included (its list representation is blanked: `all_day` null, no description, venue or organizers).
 */
import { EventZone, WallTime, instantToWall, parseStoredWall, resolveZone, wallToInstant, wallToMs, zoneOrFallback } from '../../dates';
import { stripAllTags } from '../../wordpress/text-sanitize';
import { decodeEntities } from '../../wordpress/rendering/html-entities';

type Json = Record<string, unknown>;

export interface CalendarEvent {
  id: number;
  /** The zone DTSTART/DTEND are written in (the event's, or the site's in TEC's `site` time-zone mode). */
  zone: EventZone;
  /** Start and end as wall times in `zone`. */
  start: WallTime;
  end: WallTime;
  allDay: boolean;
  /** The password-protected event's content is hidden from this caller. */
  locked: boolean;
  createdMs?: number;
  modifiedMs?: number;
  summary: string;
  description: string;
  url: string;
  location: string;
  geo?: { lat: number; lng: number };
  categories: string[];
  organizer?: { name: string; email: string };
  image?: { url: string; type?: string };
  /** A series' first event: its RRULE, EXDATE and RDATE lines, and the last year its occurrences reach (its VTIMEZONE's). */
  rule?: { lines: string[]; lastYear: number };
  /** A changed occurrence: the series' first event, whose UID it shares, and the start the rule gave it (RECURRENCE-ID). */
  occurrenceOf?: { master: CalendarEvent; recurrenceId: WallTime };
}

/** The site settings the dates depend on. */
export interface CalendarZoneSettings {
  /** Site zone string (formats.md §1.2). */
  timezone: string;
  /** TEC `tribe_events_timezone_mode`: `event` (default) or `site`. */
  timezoneMode?: string;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Rendered HTML as plain text, as the plugin writes DESCRIPTION: paragraphs end with a space, tags go, entities are decoded. */
export function plainText(html: string): string {
  return decodeEntities(stripAllTags(html.replace(/<\/p>/g, '</p> ')));
}

function utcMs(value: unknown): number | undefined {
  const wall = parseStoredWall(str(value));
  return wall && wall.year > 0 ? wallToMs(wall) : undefined;
}

/**
 * The dates in the zone the plugin writes them in: the event's own zone and stored local dates in the
 * default `event` mode; in `site` mode the site zone, the UTC dates converted to it unless the event
 * already is in that zone (TEC `Timezones::get_event_timestamp`).
 */
function datesOf(event: Json, settings: CalendarZoneSettings): { zone: EventZone; start: WallTime; end: WallTime } | undefined {
  const localStart = parseStoredWall(str(event.start_date));
  const localEnd = parseStoredWall(str(event.end_date));
  if (!localStart || !localEnd) return undefined;
  const own = str(event.timezone);
  if (settings.timezoneMode !== 'site' || !own || own === settings.timezone) {
    return { zone: zoneOrFallback(own, settings.timezone), start: localStart, end: localEnd };
  }
  const site = zoneOrFallback(settings.timezone);
  const eventZone = resolveZone(own) ?? site;
  const convert = (utc: unknown, local: WallTime) => {
    const instant = utcMs(utc) ?? wallToInstant(eventZone, local);
    return instantToWall(site, instant);
  };
  return { zone: site, start: convert(event.utc_start_date, localStart), end: convert(event.utc_end_date, localEnd) };
}

function locationOf(venue: Json | undefined): string {
  if (!venue) return '';
  const region = str(venue.stateprovince) || str(venue.state) || str(venue.province);
  const parts = [str(venue.venue), str(venue.address), str(venue.city), region, str(venue.zip), str(venue.country)];
  return parts
    .map((part) => decodeEntities(part).trim())
    .filter(Boolean)
    .join(', ');
}

function geoOf(venue: Json | undefined): CalendarEvent['geo'] {
  const lat = venue?.geo_lat;
  const lng = venue?.geo_lng;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

/** The first organizer with an e-mail address (RFC 5545 allows one ORGANIZER per event). */
function organizerOf(organizers: unknown): CalendarEvent['organizer'] {
  for (const organizer of Array.isArray(organizers) ? (organizers as Json[]) : []) {
    const email = str(organizer.email).trim();
    if (email) return { name: decodeEntities(str(organizer.organizer)), email };
  }
  return undefined;
}

function imageOf(image: unknown): CalendarEvent['image'] {
  if (!image || typeof image !== 'object') return undefined;
  const url = str((image as Json).url);
  return url ? { url, type: IMAGE_TYPES[str((image as Json).extension).toLowerCase()] } : undefined;
}

/** The VEVENT's data from an event representation; undefined when its dates are unusable. */
export function calendarEvent(event: Json, settings: CalendarZoneSettings): CalendarEvent | undefined {
  const dates = datesOf(event, settings);
  if (!dates) return undefined;
  const locked = event.all_day === null; // password blanking nulls the flags (src/linked-posts/password-blanking.ts)
  const venue = event.venue && typeof event.venue === 'object' && !Array.isArray(event.venue) ? (event.venue as Json) : undefined;
  return {
    id: Number(event.id),
    ...dates,
    allDay: event.all_day === true,
    locked,
    createdMs: utcMs(event.date_utc),
    modifiedMs: utcMs(event.modified_utc),
    summary: plainText(str(event.title)),
    description: plainText(str(event.description)),
    url: str(event.url),
    location: locationOf(venue),
    geo: geoOf(venue),
    categories: (Array.isArray(event.categories) ? (event.categories as Json[]) : []).map((c) => decodeEntities(str(c.name))).filter(Boolean),
    organizer: organizerOf(event.organizer),
    image: locked ? undefined : imageOf(event.image),
  };
}
