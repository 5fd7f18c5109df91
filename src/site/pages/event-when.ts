/** The dates of an event as a page shows them: in the event's own zone, machine-readable in `<time>`. */
import { jsonLdDate, parseStoredWall, wallToMs, WallTime, zoneOrFallback } from '../../dates';
import { esc } from './html';

type Json = Record<string, unknown>;

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });

/** Wall times are formatted as if they were UTC: they already are the event's local time. */
const day = (w: WallTime) => DAY.format(wallToMs(w));
const time = (w: WallTime) => TIME.format(wallToMs(w));
const sameDay = (a: WallTime, b: WallTime) => a.year === b.year && a.month === b.month && a.day === b.day;

/** `Tuesday, February 2, 2027` of a stored wall time (empty when it is not one). */
export function dayOf(stored: string): string {
  const wall = parseStoredWall(stored);
  return wall ? day(wall) : '';
}

/** `10:00 AM` of a stored wall time (empty when it is not one). */
export function timeOf(stored: string): string {
  const wall = parseStoredWall(stored);
  return wall ? time(wall) : '';
}

function timeElement(local: unknown, zone: unknown, text: string, allDay: boolean): string {
  const stamp = allDay ? String(local).slice(0, 10) : jsonLdDate(String(local), zoneOrFallback(typeof zone === 'string' ? zone : null));
  return `<time datetime="${esc(stamp)}">${esc(text)}</time>`;
}

/** `Thursday, April 8, 2027, 8:45 AM – 12:45 PM UTC`, `… (all day)`, or a range of days. */
export function eventWhen(event: Json): string {
  const start = parseStoredWall(String(event.start_date ?? ''));
  const end = parseStoredWall(String(event.end_date ?? ''));
  if (!start || !end) return '';
  const allDay = event.all_day === true;
  const from = (text: string) => timeElement(event.start_date, event.timezone, text, allDay);
  const to = (text: string) => timeElement(event.end_date, event.timezone, text, allDay);
  const zone = event.timezone_abbr || event.timezone;
  const zoneText = zone ? ` <abbr class="muted" title="${esc(event.timezone)}">${esc(zone)}</abbr>` : '';
  if (allDay) return sameDay(start, end) ? `${from(day(start))} (all day)` : `${from(day(start))} – ${to(day(end))} (all day)`;
  if (sameDay(start, end)) return `${from(`${day(start)}, ${time(start)}`)} – ${to(time(end))}${zoneText}`;
  return `${from(`${day(start)}, ${time(start)}`)} – ${to(`${day(end)}, ${time(end)}`)}${zoneText}`;
}
