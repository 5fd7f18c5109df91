/** Wall-time text forms the recurrence module reads and writes, on top of src/dates. */
import { UTC_ZONE, WallTime, formatWall, instantToWall, isStorableWall, parseStoredWall, wallToMs } from '../dates';
import { MAX_SPAN_YEARS } from './limits';

const LIST_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** An `exdate`/`rdate` item: `YYYY-MM-DD` (a whole day) or `YYYY-MM-DD HH:MM[:SS]`; null when not a real date. */
export function readListDate(value: unknown): { wall: WallTime; dateOnly: boolean } | null {
  if (typeof value !== 'string') return null;
  const m = LIST_DATE.exec(value.trim());
  if (!m) return null;
  const wall = parseStoredWall(`${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`) as WallTime;
  return isStorableWall(wall) ? { wall, dateOnly: m[4] === undefined } : null;
}

/** `2027-01-05 10:00:00` → `20270105T100000` (RFC 5545 DATE-TIME without zone). */
export function compactWall(wall: string): string {
  return wall.replace(/[-:]/g, '').replace(' ', 'T');
}

/** `20270105T100000` or `20270105` → a wall time; null when not a real one. */
export function readCompact(text: string): WallTime | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(text);
  if (!m) return null;
  const wall = parseStoredWall(`${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`) as WallTime;
  return isStorableWall(wall) ? wall : null;
}

/** A wall time moved by a number of milliseconds of wall clock (no zone involved). */
export function shiftWall(wall: WallTime, ms: number): WallTime {
  return instantToWall(UTC_ZONE, wallToMs(wall) + ms);
}

/** The wall time a floating `Date` from the rrule library stands for (its UTC fields). */
export function wallOfFloating(date: Date): string {
  return formatWall(instantToWall(UTC_ZONE, date.getTime()));
}

/** The last wall time an occurrence may start at: MAX_SPAN_YEARS after the first event's, and never after 9999. */
export function spanEnd(start: string): string {
  const wall = parseStoredWall(start) as WallTime;
  if (wall.year + MAX_SPAN_YEARS > 9999) return '9999-12-31 23:59:59';
  return formatWall(instantToWall(UTC_ZONE, wallToMs({ ...wall, year: wall.year + MAX_SPAN_YEARS })));
}
