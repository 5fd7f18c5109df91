/**
 * The zone a TZID names (RFC 5545 §3.2.19), as the service stores it: an IANA name as is (also behind
 * Thunderbird's old `/mozilla.org/20070129_1/Europe/Berlin` prefix), a Windows name as Outlook and
 * Exchange write it (`W. Europe Standard Time`, CLDR's mapping), else the file's own VTIMEZONE: its
 * offsets give a fixed UTC-offset zone (the offset in force at the event's start).
 */
import ICAL from 'ical.js';
import { EventZone, resolveZone, WallTime } from '../../dates';
import { WINDOWS_ZONES } from './windows-zones';

const WINDOWS = new Map(Object.entries(WINDOWS_ZONES).map(([windows, iana]) => [windows.toLowerCase(), iana]));

/** A zone known by name, or a VTIMEZONE of the file whose offsets are used. */
export type TzidZone = { kind: 'named'; zone: EventZone } | { kind: 'vtimezone'; timezone: ICAL.Timezone };

/** An IANA (or UTC-offset) zone for a TZID, without the file's VTIMEZONEs; null when it names none. */
export function namedZone(tzid: string): EventZone | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (!name) return null;
  const mozilla = /^\/(?:[^/]+\/[^/]+\/)?(.+)$/.exec(name)?.[1];
  for (const candidate of [name, mozilla, WINDOWS.get(name.toLowerCase())]) {
    // Only names and offsets: PHP's abbreviations (`EST`) are not TZIDs a producer writes.
    if (candidate && (candidate.includes('/') || /^(UTC|GMT|Z$)/i.test(candidate) || WINDOWS.has(name.toLowerCase()))) {
      const zone = resolveZone(candidate === 'Z' ? 'UTC' : candidate);
      if (zone) return zone;
    }
  }
  return null;
}

/** The zone a TZID stands for in this file, or null (neither a known name nor one of its VTIMEZONEs). */
export function tzidZone(tzid: string, vtimezones: ReadonlyMap<string, ICAL.Timezone>): TzidZone | null {
  const zone = namedZone(tzid);
  if (zone) return { kind: 'named', zone };
  const timezone = vtimezones.get(tzid);
  return timezone ? { kind: 'vtimezone', timezone } : null;
}

/** The UTC instant (ms) of a wall time in a VTIMEZONE of the file. */
export function vtimezoneInstant(timezone: ICAL.Timezone, wall: WallTime): number {
  const time = new ICAL.Time(
    { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second, isDate: false },
    timezone,
  );
  return time.toUnixTime() * 1000;
}

/**
 * The fixed zone of a VTIMEZONE's offset at an instant, named as WordPress's own time zone choices name
 * it (`UTC+1`, `UTC-3.5`, `UTC+5.75`) when the offset is whole quarter hours: the plugin's JSON-LD reads only that form as a zone (its
 * `timezone_from_utc_offset`), and writes `2027-08-01 04:30:00` instead of an ISO date for `UTC+5:30`.
 */
export function offsetZone(timezone: ICAL.Timezone, instantMs: number): EventZone {
  const utc = ICAL.Time.fromJSDate(new Date(instantMs), true);
  const seconds = timezone.utcOffset(utc.convertToZone(timezone));
  const abs = Math.abs(seconds);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor((abs % 3600) / 60);
  const sign = seconds < 0 ? '-' : '+';
  // Quarter hours are exact as decimals (WordPress's form); any other minute count would be rounded
  // by one (5.33 h is 12 s off +05:20), so it keeps the exact `UTC+5:20` the plugin's JSON-LD cannot read.
  const name = minutes % 15 === 0 ? `UTC${sign}${hours + minutes / 60}` : `UTC${sign}${hours}:${String(minutes).padStart(2, '0')}`;
  return resolveZone(name)!;
}
