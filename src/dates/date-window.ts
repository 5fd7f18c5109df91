/**
 * The date window of `GET /events` (lists-and-filters.md §2.2; Quirks Q16, Q17, Q18 COPY).
 *
 * Defaults: S₀ = the instant "yesterday 23:59:00 UTC" as wall time in the site zone Z;
 * E₀ = now + 24 months as UTC wall time (not converted).
 * Inclusive mode: S = dateOf(start_date or S₀) at the cutoff; E = end of day of dateOf(end_date or E₀);
 * each supplied starts_before/starts_after/ends_before/ends_after = end of day of its dateOf (Q17). dateOf(v) is the calendar date
 * written in v (UTC date for timestamps; relative strings evaluated in UTC).
 * Strict mode: every value is parsed as UTC (timestamps as instants) and converted to Z without
 * rounding (Q18) — S₀ is thereby shifted a second time, as in TEC.
 * When any of those four is supplied, start_date/end_date apply only if explicitly given.
 * Time-zone mode `event` (default): Z wall times are compared with the local meta keys, except
 * that a UTC site compares the UTC keys (identical values there, as TEC does); mode `site`:
 * boundaries are converted to UTC and compared with the UTC keys. Ordering: local start in
 * `event` mode, UTC start in `site` mode (§2.3).
 * Every value is a date in years 1000–9999 (parseDateInput refuses others: 400); a boundary its
 * cutoff or zone conversion moves past that range is pulled back to the range's end (issue #13).
 */
import { Cutoff, beginningOfDay, endOfDay, parseCutoff } from './day-bounds';
import { DateInputError } from './errors';
import { formatUtc } from './event-dates';
import { parseDateInput } from './parse-date';
import { EventZone, UTC_ZONE, instantToWall, isUtcZone, wallToInstant, zoneOrFallback } from './time-zones';
import { WallTime, clampStorable, formatWall, normalizeWall, parseStoredWall } from './wall-time';

export interface DateWindowParams {
  start_date?: string | number;
  end_date?: string | number;
  starts_before?: string | number;
  starts_after?: string | number;
  ends_before?: string | number;
  ends_after?: string | number;
  /** Raw `strict_dates` value: `1`, `true`, `on`, `yes` (any case) select strict mode. */
  strict_dates?: string | boolean;
}

export interface DateWindowOptions {
  /** `multiDayCutoff` (`HH:MM`). */
  multiDayCutoff?: string | null;
  /** `tribe_events_timezone_mode`: `event` (default) or `site`. */
  timezoneMode?: string | null;
}

export type DateMetaKey = '_EventStartDate' | '_EventEndDate' | '_EventStartDateUTC' | '_EventEndDateUTC';

export interface DateCondition {
  key: DateMetaKey;
  operator: '>=' | '<=' | '<' | '>';
  /** `YYYY-MM-DD HH:MM:SS`, compared as a string with the meta value. */
  value: string;
}

export interface DateWindow {
  conditions: DateCondition[];
  /** Meta key the list is ordered by (ascending, ties by ID). */
  orderKey: '_EventStartDate' | '_EventStartDateUTC';
}

const STRICT_VALUES = ['1', 'true', 'on', 'yes'];

export function isStrictDates(value: string | boolean | undefined): boolean {
  return value === true || (typeof value === 'string' && STRICT_VALUES.includes(value.toLowerCase()));
}

type Bound = 'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';

const CONDITIONS: Record<Bound, { key: 'start' | 'end'; operator: DateCondition['operator'] }> = {
  start_date: { key: 'start', operator: '>=' },
  end_date: { key: 'end', operator: '<=' },
  starts_before: { key: 'start', operator: '<' },
  starts_after: { key: 'start', operator: '>' },
  ends_before: { key: 'end', operator: '<' },
  ends_after: { key: 'end', operator: '>' },
};

/** The calendar date written in v, evaluated in UTC. */
function dateOf(value: string | number, param: string, now: number): WallTime {
  const parsed = parseDateInput(value, UTC_ZONE, now);
  if (!parsed) throw DateInputError.notADate(param, value);
  return parsed.written;
}

/** Strict mode: v read as UTC, shown as wall time in Z. */
function strictValue(value: string | number, param: string, zone: EventZone, now: number): string {
  const parsed = parseDateInput(value, UTC_ZONE, now);
  if (!parsed) throw DateInputError.notADate(param, value);
  return formatWall(instantToWall(zone, parsed.instant));
}

/** The default bounds S₀ and E₀ (also shown as the `start_date`/`end_date` defaults of the namespace index). */
export function defaultWindowBounds(siteTimezone: string, now: Date | number): { start: string; end: string } {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const utcToday = instantToWall(UTC_ZONE, nowMs);
  const s0Instant = wallToInstant(UTC_ZONE, { ...utcToday, day: utcToday.day - 1, hour: 23, minute: 59, second: 0 });
  return {
    start: formatWall(instantToWall(zoneOrFallback(siteTimezone), s0Instant)),
    end: formatWall(normalizeWall({ ...utcToday, month: utcToday.month + 24 })),
  };
}

export function eventDateWindow(params: DateWindowParams, siteTimezone: string, now: Date | number, options: DateWindowOptions = {}): DateWindow {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const zone = zoneOrFallback(siteTimezone);
  const cutoff: Cutoff = parseCutoff(options.multiDayCutoff);
  const strict = isStrictDates(params.strict_dates);
  const { start: s0, end: e0 } = defaultWindowBounds(siteTimezone, nowMs);

  const present = (bound: Bound) => params[bound] !== undefined && params[bound] !== null && params[bound] !== '';
  const relative = (['starts_before', 'starts_after', 'ends_before', 'ends_after'] as Bound[]).some(present);
  const values: Partial<Record<Bound, string | number>> = {};
  for (const bound of Object.keys(CONDITIONS) as Bound[]) if (present(bound)) values[bound] = params[bound] as string | number;
  if (!relative) {
    values.start_date ??= s0;
    values.end_date ??= e0;
  }

  const boundaries: Array<[Bound, string]> = [];
  for (const bound of Object.keys(CONDITIONS) as Bound[]) {
    const value = values[bound];
    if (value === undefined) continue;
    if (strict) boundaries.push([bound, strictValue(value, bound, zone, nowMs)]);
    else if (bound === 'start_date') boundaries.push([bound, beginningOfDay(dateOf(value, bound, nowMs), cutoff)]);
    else boundaries.push([bound, endOfDay(dateOf(value, bound, nowMs), cutoff)]);
  }

  const siteMode = options.timezoneMode === 'site';
  const useUtcKeys = siteMode || isUtcZone(zone);
  const conditions = boundaries.map(([bound, value]): DateCondition => {
    const { key, operator } = CONDITIONS[bound];
    if (!useUtcKeys) return { key: key === 'start' ? '_EventStartDate' : '_EventEndDate', operator, value: clampStorable(value) };
    const utc = siteMode ? formatUtc(wallToInstant(zone, parseStoredWall(value) as WallTime)) : value;
    return { key: key === 'start' ? '_EventStartDateUTC' : '_EventEndDateUTC', operator, value: clampStorable(utc) };
  });
  return { conditions, orderKey: siteMode ? '_EventStartDateUTC' : '_EventStartDate' };
}
