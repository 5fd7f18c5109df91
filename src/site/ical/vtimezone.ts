/**
 * VTIMEZONE components (RFC 5545 §3.6.5) with a zone's real transitions, as the plugin writes them:
 * for the years its events fall in, one year either side, each change of offset as its own STANDARD or
 * DAYLIGHT observance (DTSTART in the local time before the change). The project's zone data keeps
 * only the current rules, so transitions are found with Intl (ICU's tz database): the offset is sampled
 * week by week and each change located to the second by bisection. Results are memoised per zone and year.
 */
import { EventZone, WallTime, zoneAbbreviation, zoneOffsetAt } from '../../dates';
import { msToWall } from '../../dates/wall-time';
import { localDateTime, text, utcOffset } from './content-lines';

/** Sampling step: no zone changes its offset twice within a week (Morocco's Ramadan break, the shortest, lasts about a month). */
const STEP_MS = 7 * 86_400_000;

/** One change of offset: at `instantMs` the zone goes from `from` to `to` seconds. */
interface Transition {
  instantMs: number;
  from: number;
  to: number;
}

const memo = new Map<string, Transition[]>();
const MEMO_LIMIT = 2000;

/** The zone's transitions during one UTC year (none for fixed offsets). */
export function transitionsInYear(zone: EventZone, year: number): Transition[] {
  if (zone.kind === 'fixed') return [];
  const key = `${zone.name}\n${year}`;
  const known = memo.get(key);
  if (known) return known;
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  let offset = zoneOffsetAt(zone, at);
  for (let next = at + STEP_MS; at < end; at = next, next += STEP_MS) {
    const nextOffset = zoneOffsetAt(zone, Math.min(next, end));
    if (nextOffset === offset) continue;
    // The first second of the new offset, between `at` (old) and `next` (new).
    let [low, high] = [at, Math.min(next, end)];
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (zoneOffsetAt(zone, middle) === offset) low = middle;
      else high = middle;
    }
    found.push({ instantMs: high, from: offset, to: nextOffset });
    offset = nextOffset;
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, found);
  return found;
}

/** The year's standard offset: the lower of midwinter's and midsummer's (either hemisphere). */
function standardOffset(zone: EventZone, year: number): number {
  return Math.min(zoneOffsetAt(zone, Date.UTC(year, 0, 1)), zoneOffsetAt(zone, Date.UTC(year, 6, 1)));
}

/** One observance: the local time (in the offset before) at which `to` begins. */
function observance(zone: EventZone, year: number, instantMs: number, from: number, to: number): string[] {
  const kind = to > standardOffset(zone, year) ? 'DAYLIGHT' : 'STANDARD';
  const onset: WallTime = msToWall(instantMs + from * 1000);
  return [
    `BEGIN:${kind}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `TZNAME:${text(zoneAbbreviation(zone, instantMs))}`,
    `DTSTART:${localDateTime(onset)}`,
    `END:${kind}`,
  ];
}

/**
 * The TZID a zone is written under: its tz database name, or the offset string an event stores
 * (`UTC+2`, a fixed offset here; the plugin guesses a zone with daylight saving time for it) — `UTC`
 * for a zero offset, as the plugin writes TEC's `UTC+0`.
 */
export function tzid(zone: EventZone): string {
  if (zone.kind === 'iana') return zone.name;
  return zone.offsetSeconds === 0 ? 'UTC' : zone.input;
}

/**
 * The VTIMEZONE of `zone` covering `years` (the years of the events that use it): the offset in force
 * on 1 January of the first year, then every transition of the years.
 */
export function vtimezone(zone: EventZone, years: ReadonlySet<number>): string[] {
  const sorted = [...years].sort((a, b) => a - b);
  const first = sorted[0];
  const start = Date.UTC(first, 0, 1);
  const initial = zoneOffsetAt(zone, start);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${text(tzid(zone))}`, ...observance(zone, first, start, initial, initial)];
  for (const year of sorted) {
    for (const t of transitionsInYear(zone, year)) lines.push(...observance(zone, year, t.instantMs, t.from, t.to));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
