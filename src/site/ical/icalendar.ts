/**
 * The iCalendar object of a feed (RFC 5545), with the plugin's calendar properties and UIDs, so a
 * calendar subscribed to the WordPress site sees the same events here — but written as the RFC asks,
 * where the plugin does not: lines folded at 75 octets, every TEXT value escaped, a final CRLF, one
 * VTIMEZONE per zone used with its real transitions, all-day events as DATE values.
 */
import { createHash } from 'node:crypto';
import { addDays, wallToMs } from '../../dates';
import { sanitizeTitle } from '../../wordpress/slugs';
import { CalendarEvent } from './calendar-event';
import { dateValue, localDateTime, paramValue, serialize, text, utcDateTime } from './content-lines';
import { tzid, vtimezone } from './vtimezone';

/** The site a feed belongs to. */
export interface CalendarSite {
  /** `blogname`. */
  name: string;
  /** PUBLIC_BASE (`home_url()`): X-ORIGINAL-URL and the host of every UID. */
  home: string;
}

/** What the plugin writes in DESCRIPTION when the caller may not see a protected event's content. */
const PROTECTED_DESCRIPTION = 'Content is protected.';

/** Seconds of a wall time read as UTC: TEC's "wall clock timestamp" in the plugin's UIDs. */
const wallSeconds = (wall: CalendarEvent['start']) => Math.floor(wallToMs(wall) / 1000);

/**
 * An ordinary event's UID is the plugin's, `{post ID}-{start}-{end}@{host}` (TEC
 * `iCal::get_ical_output_for_an_event`). A series keeps one UID for life (RFC 5545 §3.8.4.7), whatever
 * its dates become: `{first event's ID}-{its creation, Unix seconds}@{host}` (IDs are not reused; the
 * creation stamp tells a restored or reset site's series apart).
 */
export function eventUid(event: CalendarEvent, host: string): string {
  if (event.rule) return `${event.id}-${Math.floor((event.createdMs ?? 0) / 1000)}@${host}`;
  return `${event.id}-${wallSeconds(event.start)}-${wallSeconds(event.end)}@${host}`;
}

/** RECURRENCE-ID: the start the series' rule gave an occurrence, in the series' own value type and zone. */
function recurrenceId(master: CalendarEvent, start: CalendarEvent['start']): string {
  if (master.allDay) return `RECURRENCE-ID;VALUE=DATE:${dateValue(start)}`;
  return `RECURRENCE-ID;TZID=${paramValue(tzid(master.zone))}:${localDateTime(start)}`;
}

function vevent(event: CalendarEvent, host: string, now: number): string[] {
  const lines = ['BEGIN:VEVENT'];
  if (event.allDay) {
    // DTEND is exclusive: the day after the last day.
    lines.push(`DTSTART;VALUE=DATE:${dateValue(event.start)}`, `DTEND;VALUE=DATE:${dateValue(addDays(event.end, 1))}`);
  } else {
    const zone = paramValue(tzid(event.zone));
    lines.push(`DTSTART;TZID=${zone}:${localDateTime(event.start)}`, `DTEND;TZID=${zone}:${localDateTime(event.end)}`);
  }
  if (event.rule) lines.push(...event.rule.lines);
  const master = event.occurrenceOf?.master;
  if (master) lines.push(recurrenceId(master, event.occurrenceOf!.recurrenceId));
  // DTSTAMP follows the modification time, as the plugin's does: the same data gives the same bytes.
  const stamp = event.modifiedMs ?? event.createdMs ?? now;
  lines.push(`DTSTAMP:${utcDateTime(stamp)}`);
  if (event.createdMs !== undefined) lines.push(`CREATED:${utcDateTime(event.createdMs)}`);
  if (event.modifiedMs !== undefined) lines.push(`LAST-MODIFIED:${utcDateTime(event.modifiedMs)}`);
  // A changed occurrence shares its series' UID (RFC 5545 §3.8.4.4).
  lines.push(`UID:${eventUid(master ?? event, host)}`, `SUMMARY:${text(event.summary)}`);
  const description = event.locked ? PROTECTED_DESCRIPTION : event.description;
  if (description) lines.push(`DESCRIPTION:${text(description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.location) lines.push(`LOCATION:${text(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.lat};${event.geo.lng}`);
  if (event.categories.length) lines.push(`CATEGORIES:${event.categories.map(text).join(',')}`);
  if (event.image) lines.push(`ATTACH${event.image.type ? `;FMTTYPE=${event.image.type}` : ''}:${event.image.url}`);
  if (event.organizer) lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:MAILTO:${event.organizer.email}`);
  lines.push('END:VEVENT');
  return lines;
}

/** How many years a series' VTIMEZONE covers at most (1,000 yearly occurrences would be centuries). */
const MAX_SERIES_YEARS = 100;

/** The VTIMEZONEs of the zones timed events use, each covering their years and one either side. */
function timezones(events: readonly CalendarEvent[]): string[] {
  const byZone = new Map<string, { zone: CalendarEvent['zone']; years: Set<number> }>();
  for (const event of events) {
    if (event.allDay) continue;
    const id = tzid(event.zone);
    const entry = byZone.get(id) ?? { zone: event.zone, years: new Set<number>() };
    byZone.set(id, entry);
    // A long event covers the years around its start and its end, never a span of centuries.
    for (let year = event.start.year - 1; year <= Math.min(event.end.year, event.start.year + 10) + 1; year++) entry.years.add(year);
    for (let year = event.end.year - 1; year <= event.end.year + 1; year++) entry.years.add(year);
    // A series' VTIMEZONE reaches its last occurrence (a series holds at most MAX_OCCURRENCES).
    const last = Math.min(event.rule?.lastYear ?? 0, event.start.year + MAX_SERIES_YEARS);
    for (let year = event.end.year + 2; year <= last + 1; year++) entry.years.add(year);
  }
  return [...byZone.values()].flatMap(({ zone, years }) => vtimezone(zone, years));
}

/** The whole feed, serialised (CRLF line ends, folded). */
export function icalendar(events: readonly CalendarEvent[], site: CalendarSite, now = Date.now()): string {
  const host = new URL(site.home).hostname;
  return serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(site.name)} - events-calendar-api//NONSGML v1.0//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(site.name ? [`X-WR-CALNAME:${text(site.name)}`] : []),
    `X-ORIGINAL-URL:${site.home}`,
    `X-WR-CALDESC:${text(`Events for ${site.name}`)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...timezones(events),
    ...events.flatMap((event) => vevent(event, host, now)),
    'END:VCALENDAR',
  ]);
}

/** `{site name as a slug}-{hash of the event IDs}.ics`, the plugin's file name (TEC `iCal::get_file_name`). */
export function feedFileName(siteName: string, ids: readonly number[]): string {
  const hash = createHash('md5')
    .update(`ical${ids.join('')}`)
    .digest('hex')
    .slice(0, 11);
  return `${sanitizeTitle(siteName) || 'events'}-${hash}.ics`;
}
