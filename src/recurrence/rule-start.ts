/**
 * The wall time a stored series expands from. The first event's dates are stored as they read (a start
 * a DST change skips, 02:30, is stored 03:30), while the rule's DTSTART keeps the wall time written,
 * so the series' other occurrences stay at 02:30 (RFC 5545 §3.3.5 shifts only the skipped instance).
 */
import { formatWall, parseStoredWall, resolveZone, WallTime, wallToInstant } from '../dates';
import { SeriesTiming } from './types';
import { readCompact } from './walls';

/** `stored` with the start the stored rule's DTSTART names, when that is the same instant written otherwise. */
export function timingWithRuleStart(stored: SeriesTiming, storedLines: string): SeriesTiming {
  const dtstart = /^DTSTART(?:;[^:\n]*)?:(\d{8}T\d{6})\r?$/m.exec(storedLines)?.[1];
  const written = dtstart ? readCompact(dtstart) : null;
  const zone = resolveZone(stored.timezone);
  const start = parseStoredWall(stored.start);
  if (!written || !zone || !start || stored.allDay) return stored;
  const same = wallToInstant(zone, written) === wallToInstant(zone, start as WallTime);
  return same ? { ...stored, start: formatWall(written) } : stored;
}
