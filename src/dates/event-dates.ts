/**
 * The date meta of an event write (formats.md §1.4–§1.6, events.md §4.1): local start/end in the
 * event's time zone, UTC values, duration, zone and abbreviation, all-day flag.
 *
 * Project rules applied here: Q15 (inputs carrying an offset or a timestamp are converted into the
 * event zone), Q49 (end before start is clamped to the start *before* the UTC values are derived),
 * Q42 (the duration is always written), Q67 (`UTC±N` zones are fixed offsets), Q10 (a lone
 * start/end on update is combined with the stored other bound), and on update the stored time zone
 * is kept when `timezone` is absent (events.md §4.1).
 */
import { Cutoff, beginningOfDay, endOfDay, parseCutoff } from './day-bounds';
import { DateInputError } from './errors';
import { parseDateInput } from './parse-date';
import { EventZone, instantToWall, resolveZone, wallToInstant, zoneAbbreviation, zoneOrFallback } from './time-zones';
import { WallTime, formatWall, isStorableInstant, isStorableWall, msToWall, parseStoredWall, wallToMs } from './wall-time';

export interface EventDatesInput {
  start_date?: string | number;
  end_date?: string | number;
  /** `""` selects the site time zone. */
  timezone?: string;
  all_day?: boolean;
}

/** The event's current meta (updates only). */
export interface StoredEventDates {
  _EventStartDate?: string | null;
  _EventEndDate?: string | null;
  _EventTimezone?: string | null;
  _EventAllDay?: string | null;
}

export interface SiteDateSettings {
  /** Site time zone string (see `siteTimezone`). */
  timezone: string;
  /** `multiDayCutoff` of `tribe_events_calendar_options` (`HH:MM`, default `00:00`). */
  multiDayCutoff?: string | null;
}

export interface EventDateMeta {
  _EventStartDate: string;
  _EventEndDate: string;
  _EventStartDateUTC: string;
  _EventEndDateUTC: string;
  _EventDuration: string;
  _EventTimezone: string;
  _EventTimezoneAbbr: string;
}

export interface PreparedEventDates {
  /** The seven date rows to write, or null when they stay as stored. */
  dates: EventDateMeta | null;
  /**
   * `_EventAllDay`: `'1'` = write `1`; null = no row (do not write on create, delete on update —
   * the project's choice over TEC's `""` row); undefined = leave the stored row untouched.
   */
  allDay: '1' | null | undefined;
  /**
   * The start as the caller wrote it when a DST change skips it (`02:30` stored as `03:30`): a
   * series' rule keeps that wall time for its other occurrences (RFC 5545 §3.3.5).
   */
  skippedStart?: string;
}

const TRUTHY = ['1', 'yes', 'true', 'y', 'on', 'enable', 'enabled'];

/** tribe-common `tribe_is_truthy` for stored flags such as `_EventAllDay`. */
export function isTruthyMeta(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && TRUTHY.includes(String(value).trim().toLowerCase());
}

/** Formats an instant as a UTC `YYYY-MM-DD HH:MM:SS`. */
export function formatUtc(instantMs: number): string {
  return formatWall(msToWall(instantMs));
}

/**
 * A start/end input evaluated in the event zone, as a local wall time (offsets/timestamps converted, Q15),
 * and the wall time as written when it is one of the zone's (a time a DST change skips reads later).
 */
function localFromInput(value: string | number, zone: EventZone, now: number, param: string): { wall: WallTime; written?: WallTime } {
  if (value === '' || value === null) throw DateInputError.notADate(param, value);
  const parsed = parseDateInput(value, zone, now);
  if (!parsed) throw DateInputError.notADate(param, value);
  return { wall: instantToWall(zone, parsed.instant), written: parsed.ownZone ? undefined : parsed.written };
}

/** A stored bound an update keeps; one an older version stored out of range (`0NaN-…`, year 300000) is unusable. */
function localFromStored(value: string | null | undefined, zone: EventZone, param: string): WallTime {
  const wall = parseStoredWall(value);
  if (!wall) throw DateInputError.missing(param);
  if (!isStorableInstant(wallToMs(wall))) throw DateInputError.storedUnreadable(param);
  // Normalised through the zone so a wall time skipped by a DST change reads like PHP's DateTime.
  return instantToWall(zone, wallToInstant(zone, wall));
}

function expand(wall: WallTime, cutoff: Cutoff, bound: 'start' | 'end'): WallTime {
  return parseStoredWall(bound === 'start' ? beginningOfDay(wall, cutoff) : endOfDay(wall, cutoff)) as WallTime;
}

/**
 * Computes the date meta of an event create (`stored` undefined) or update.
 * Throws DateInputError for an unusable `start_date`/`end_date`/`timezone` (or missing dates on create).
 */
export function prepareEventDates(input: EventDatesInput, site: SiteDateSettings, now: Date | number, stored?: StoredEventDates): PreparedEventDates {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const isUpdate = stored !== undefined;
  if (!isUpdate) {
    if (input.start_date === undefined) throw DateInputError.missing('start_date');
    if (input.end_date === undefined) throw DateInputError.missing('end_date');
  }
  if (input.timezone && !resolveZone(input.timezone)) throw DateInputError.unknownZone('timezone', input.timezone);

  const zoneString = input.timezone || (input.timezone === '' || !isUpdate ? site.timezone : stored?._EventTimezone || site.timezone);
  const zone = zoneOrFallback(zoneString);
  const storedAllDay = isTruthyMeta(stored?._EventAllDay);
  const allDay = input.all_day ?? storedAllDay;
  const allDayField = input.all_day === undefined ? undefined : input.all_day ? '1' : null;

  const touched = input.start_date !== undefined || input.end_date !== undefined || input.timezone !== undefined || (input.all_day === true && !storedAllDay);
  if (!touched) return { dates: null, allDay: allDayField };

  const cutoff = parseCutoff(site.multiDayCutoff);
  const startInput = input.start_date !== undefined ? localFromInput(input.start_date, zone, nowMs, 'start_date') : undefined;
  const endInput = input.end_date !== undefined ? localFromInput(input.end_date, zone, nowMs, 'end_date') : undefined;
  let start = startInput?.wall ?? localFromStored(stored?._EventStartDate, zone, 'start_date');
  let end = endInput?.wall ?? localFromStored(stored?._EventEndDate, zone, 'end_date');
  // A start a DST change skips moves the event whole, keeping its written length (02:30–03:00 reads
  // 03:30–04:00 daylight time), as calendar clients read such a DTSTART/DTEND (docs/recurring-events.md).
  const skipped = !allDay && startInput?.written && wallToMs(startInput.wall) !== wallToMs(startInput.written) ? startInput.written : undefined;
  if (skipped && endInput?.written) end = instantToWall(zone, wallToInstant(zone, start) + wallToMs(endInput.written) - wallToMs(skipped));

  // Stored bounds of an event that already is all-day are already expanded (re-expanding would
  // move a non-midnight cutoff end by a day).
  if (allDay && (input.start_date !== undefined || !storedAllDay)) start = expand(start, cutoff, 'start');
  if (allDay && (input.end_date !== undefined || !storedAllDay)) end = expand(end, cutoff, 'end');

  // Each bound must be storable in the event zone and in UTC: an input with its own offset, or an
  // all-day end moved past midnight by the cutoff, may leave years 1000–9999 though the input did not.
  if (!isStorableWall(start)) throw DateInputError.outOfRange('start_date');
  if (!isStorableWall(end)) throw DateInputError.outOfRange('end_date');
  const localStart = formatWall(start);
  let localEnd = formatWall(end);
  if (localEnd < localStart) {
    localEnd = localStart; // Q49: clamp before deriving UTC values
    end = start;
  }
  const startInstant = wallToInstant(zone, start);
  const endInstant = wallToInstant(zone, end);
  if (!isStorableInstant(startInstant)) throw DateInputError.outOfRange('start_date');
  if (!isStorableInstant(endInstant)) throw DateInputError.outOfRange('end_date');

  return {
    dates: {
      _EventStartDate: localStart,
      _EventEndDate: localEnd,
      _EventStartDateUTC: formatUtc(startInstant),
      _EventEndDateUTC: formatUtc(endInstant),
      _EventDuration: String(Math.max(0, Math.round((endInstant - startInstant) / 1000))),
      _EventTimezone: zoneString,
      _EventTimezoneAbbr: zoneAbbreviation(zone, startInstant),
    },
    allDay: allDayField ?? (isUpdate ? undefined : null),
    ...(skipped && { skippedStart: formatWall(skipped) }),
  };
}
