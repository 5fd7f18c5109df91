/** Date values of TEC's JSON-LD (events.md §1.5). */
import { formatWall, parseStoredWall, wallToMs } from './wall-time';

function isoOffset(seconds: number): string {
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * `startDate`/`endDate`: the local value in ISO 8601 with the event's UTC offset at that moment,
 * taken as local − UTC of the stored pair (`2017-01-05T14:23:36-05:00`).
 */
export function jsonLdDate(local: string | null, utc: string | null): string | null {
  const l = parseStoredWall(local);
  if (!l) return null;
  const u = parseStoredWall(utc);
  const offset = u ? Math.round((wallToMs(l) - wallToMs(u)) / 1000) : 0;
  return `${formatWall(l).replace(' ', 'T')}${isoOffset(offset)}`;
}

/** Offer `validFrom`: the publication date at midnight, `+00:00` (live: `2026-11-22T00:00:00+00:00`). */
export function jsonLdValidFrom(postDate: string): string {
  return `${postDate.slice(0, 10)}T00:00:00+00:00`;
}
