/**
 * Date fields of the event representation (formats.md §1.7, events.md §1 rows 17–27).
 * Q5 (COPY): `*_details` members are zero-padded strings. Q63 (DEVIATE): a missing UTC value is
 * derived from the local value and the event's time zone (site zone when none) — for the response
 * only. Stored values are returned as stored (Q67: UTC values TEC wrote are never recomputed).
 */
import { formatUtc, isTruthyMeta } from './event-dates';
import { wallToInstant, zoneOrFallback } from './time-zones';
import { WallTime, isStorableInstant, parseStoredWall, wallToMs } from './wall-time';

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

export interface StoredDateMeta {
  _EventStartDate?: string | null;
  _EventEndDate?: string | null;
  _EventStartDateUTC?: string | null;
  _EventEndDateUTC?: string | null;
  _EventTimezone?: string | null;
  _EventTimezoneAbbr?: string | null;
  _EventAllDay?: string | null;
}

export interface RenderedEventDates {
  all_day: boolean;
  start_date: string | null;
  start_date_details: DateDetails;
  end_date: string | null;
  end_date_details: DateDetails;
  utc_start_date: string | null;
  utc_start_date_details: DateDetails;
  utc_end_date: string | null;
  utc_end_date_details: DateDetails;
  timezone: string;
  timezone_abbr: string;
}

const EPOCH: WallTime = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `{year, month, day, hour, minutes, seconds}` of a stored date string; 1970-01-01 for none (like PHP's strtotime failing). */
export function dateDetails(value: string | null | undefined): DateDetails {
  const w = parseStoredWall(value) ?? EPOCH;
  return { year: pad(w.year, 4), month: pad(w.month), day: pad(w.day), hour: pad(w.hour), minutes: pad(w.minute), seconds: pad(w.second) };
}

function utcFromLocal(local: string | null | undefined, zoneString: string | null | undefined, siteTimezone: string): string | null {
  const wall = parseStoredWall(local);
  // A value an older version stored out of range (year 300000) has no UTC counterpart: zone conversions would throw.
  return wall && isStorableInstant(wallToMs(wall)) ? formatUtc(wallToInstant(zoneOrFallback(zoneString, siteTimezone), wall)) : null;
}

const orNull = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);

export function renderEventDates(meta: StoredDateMeta, siteTimezone: string): RenderedEventDates {
  const start = orNull(meta._EventStartDate);
  const end = orNull(meta._EventEndDate);
  const utcStart = orNull(meta._EventStartDateUTC) ?? utcFromLocal(start, meta._EventTimezone, siteTimezone);
  const utcEnd = orNull(meta._EventEndDateUTC) ?? utcFromLocal(end, meta._EventTimezone, siteTimezone);
  return {
    all_day: isTruthyMeta(meta._EventAllDay),
    start_date: start,
    start_date_details: dateDetails(start),
    end_date: end,
    end_date_details: dateDetails(end),
    utc_start_date: utcStart,
    utc_start_date_details: dateDetails(utcStart),
    utc_end_date: utcEnd,
    utc_end_date_details: dateDetails(utcEnd),
    timezone: meta._EventTimezone ?? '',
    timezone_abbr: meta._EventTimezoneAbbr ?? '',
  };
}
