/** Date values of TEC's JSON-LD (events.md §1.5). */
import { EventZone, instantToWall, wallToInstant, zoneOffsetAt } from './time-zones';
import { formatWall, parseStoredWall } from './wall-time';

function isoOffset(seconds: number): string {
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * `startDate`/`endDate` as TEC's `JSON_LD/Event.php` computes them: the local value read in the
 * event's zone (`_EventTimezone` in `event` mode, else the site's), converted to UTC and back, printed
 * with that zone's offset at that instant (`2017-01-05T14:23:36-05:00`). The stored UTC meta plays no
 * part: a `UTC+0` event whose UTC meta is left over from an earlier zone still says `+00:00`.
 */
export function jsonLdDate(local: string | null, zone: EventZone): string | null {
  const wall = parseStoredWall(local);
  if (!wall) return null;
  const instant = wallToInstant(zone, wall);
  return `${formatWall(instantToWall(zone, instant)).replace(' ', 'T')}${isoOffset(zoneOffsetAt(zone, instant))}`;
}

/** Offer `validFrom`: the publication date at midnight, `+00:00` (live: `2026-11-22T00:00:00+00:00`). */
export function jsonLdValidFrom(postDate: string): string {
  return `${postDate.slice(0, 10)}T00:00:00+00:00`;
}
