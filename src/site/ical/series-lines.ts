/**
 * A series as iCalendar (RFC 5545 §3.8.5): the first event's VEVENT carries the stored rule as
 * RRULE, EXDATE and RDATE, and each changed occurrence is a VEVENT of its own with RECURRENCE-ID,
 * the start the rule gave it. Pure functions over a validated rule (src/recurrence).
 */
import { parseStoredWall, WallTime } from '../../dates';
import { expandRecurrence, RecurrenceRule, serializeRecurrence } from '../../recurrence';
import { dateValue, localDateTime, paramValue } from './content-lines';
import { tzid } from './vtimezone';

/** What a feed writes of one series. */
export interface SeriesShape {
  /** RRULE, EXDATE and RDATE content lines. */
  lines: string[];
  /** The rule's starts (exdates not removed): where RECURRENCE-IDs and day-long exdates point. */
  slots: string[];
  lastYear: number;
}

const wall = (text: string) => parseStoredWall(text) as WallTime;

/** A DATE or DATE-TIME list property in the series' zone (`VALUE=DATE` for an all-day series). */
function dateList(name: string, rule: RecurrenceRule, walls: string[]): string {
  if (rule.timing.allDay) return `${name};VALUE=DATE:${[...new Set(walls.map((w) => dateValue(wall(w.slice(0, 10) + ' 00:00:00'))))].join(',')}`;
  return `${name};TZID=${paramValue(tzid(rule.zone))}:${walls.map((w) => localDateTime(wall(w))).join(',')}`;
}

/**
 * The series' lines. A day-long exdate of a timed series (stored as `YYYY-MM-DD`) is written as the
 * starts the rule has on that day: RFC 5545 wants EXDATE of DTSTART's value type, and clients ignore
 * a DATE that excludes a DATE-TIME occurrence.
 */
export function seriesShape(rule: RecurrenceRule, nowMs: number): SeriesShape {
  const expansion = expandRecurrence({ ...rule, exdates: [] }, nowMs);
  const slots = expansion.ok ? expansion.value.occurrences.map((o) => o.start) : [rule.timing.start];
  const rrule = serializeRecurrence(rule)
    .split('\n')
    .filter((line) => line.startsWith('RRULE:'));
  const days = new Set(rule.exdates.filter((w) => w.length === 10));
  const exdates = rule.timing.allDay
    ? rule.exdates
    : [...new Set([...rule.exdates.filter((w) => w.length > 10), ...slots.filter((s) => days.has(s.slice(0, 10)))])].sort();
  const lines = [
    ...rrule,
    ...(exdates.length ? [dateList('EXDATE', rule, exdates)] : []),
    ...(rule.rdates.length ? [dateList('RDATE', rule, rule.rdates)] : []),
  ];
  return { lines, slots, lastYear: wall(slots[slots.length - 1] ?? rule.timing.start).year };
}

/**
 * The start the rule gave a changed occurrence: the one stored with its flag, else its own start when
 * that is one of the rule's, else the rule's start on the day its slug names (`{series}-{YYYY-MM-DD}`,
 * kept when its dates move), else its own start.
 */
export function recurrenceIdOf(
  occurrence: { start_date?: unknown; slug?: unknown },
  originalStart: string | undefined,
  shape: SeriesShape,
): WallTime | undefined {
  const start = String(occurrence.start_date ?? '');
  if (originalStart) return parseStoredWall(originalStart) ?? undefined;
  if (shape.slots.includes(start)) return wall(start);
  const day = /-(\d{4}-\d{2}-\d{2})(?:-\d+)?$/.exec(String(occurrence.slug ?? ''))?.[1];
  const slot = day ? shape.slots.find((s) => s.startsWith(day)) : undefined;
  return parseStoredWall(slot ?? start) ?? undefined;
}
