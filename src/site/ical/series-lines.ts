/**
 * A series as iCalendar (RFC 5545 §3.8.5): the first event's VEVENT carries the stored rule as
 * RRULE, EXDATE and RDATE, and each changed occurrence is a VEVENT of its own with RECURRENCE-ID,
 * the start the rule gives it. Pure functions over a validated rule (src/recurrence).
 */
import { instantToWall, parseStoredWall, WallTime } from '../../dates';
import { expandRecurrence, RecurrenceRule } from '../../recurrence';
import { dateValue, localDateTime, paramValue, utcDateTime } from './content-lines';
import { tzid } from './vtimezone';

/** What a feed knows of one series' dates. */
export interface SeriesShape {
  rule: RecurrenceRule;
  /** The rule's starts, day-long exdates not removed: where RECURRENCE-IDs and day-long exdates point. */
  slots: string[];
  /** The year of the series' last occurrence (its VTIMEZONE reaches it). */
  lastYear: number;
}

const wall = (text: string) => parseStoredWall(text) as WallTime;

/** A DATE or DATE-TIME list property in the series' zone (`VALUE=DATE` for an all-day series). */
function dateList(name: string, rule: RecurrenceRule, walls: string[]): string {
  if (rule.timing.allDay) return `${name};VALUE=DATE:${[...new Set(walls.map((w) => dateValue(wall(w.slice(0, 10) + ' 00:00:00'))))].join(',')}`;
  return `${name};TZID=${paramValue(tzid(rule.zone))}:${walls.map((w) => localDateTime(wall(w))).join(',')}`;
}

/**
 * The RRULE line, UNTIL in DTSTART's value type (§3.3.10): a UTC date-time beside a zoned start, a
 * DATE beside an all-day one (its day in the series' zone), whichever form it was stored in.
 */
function rruleLine(rule: RecurrenceRule): string {
  const until = (untilMs: number) => (rule.timing.allDay ? dateValue(instantToWall(rule.zone, untilMs)) : utcDateTime(untilMs));
  const parts = [...rule.parts].map(([name, value]) => `${name}=${name === 'UNTIL' && rule.untilMs !== undefined ? until(rule.untilMs) : value}`);
  return `RRULE:${parts.join(';')}`;
}

/**
 * The series' dates as a feed needs them, in work bounded like every expansion (at most
 * MAX_OCCURRENCES starts): the rule's starts with the exact exdates removed (so a full series with
 * exdates stays under the limit), or, should day-long exdates put it over, the series' own occurrences.
 */
export function seriesShape(rule: RecurrenceRule, nowMs: number): SeriesShape {
  const exact = rule.exdates.filter((w) => w.length > 10);
  const slotted = expandRecurrence({ ...rule, exdates: exact }, nowMs);
  const expansion = slotted.ok ? slotted : expandRecurrence(rule, nowMs);
  const slots = expansion.ok ? expansion.value.occurrences.map((o) => o.start) : [];
  const last = slots[slots.length - 1] ?? rule.timing.start;
  const untilYear = rule.untilMs !== undefined ? instantToWall(rule.zone, rule.untilMs).year : 0;
  return { rule, slots, lastYear: expansion.ok ? wall(last).year : Math.max(untilYear, wall(rule.timing.start).year) };
}

/**
 * The series' RRULE, EXDATE and RDATE lines. A day-long exdate of a timed series (stored as
 * `YYYY-MM-DD`) is written as the starts the rule has on that day (its first event's time when they
 * are not known): RFC 5545 wants EXDATE of DTSTART's value type, and clients ignore a DATE that
 * excludes a DATE-TIME occurrence. `hidden` are starts of occurrences the caller may not read.
 */
export function seriesLines(shape: SeriesShape, hidden: readonly string[] = []): string[] {
  const { rule, slots } = shape;
  const days = rule.exdates.filter((w) => w.length === 10);
  const onDay = (day: string) => {
    const found = slots.filter((s) => s.startsWith(day));
    return found.length ? found : [`${day}${rule.timing.start.slice(10)}`];
  };
  const exdates = rule.timing.allDay ? [...rule.exdates, ...hidden] : [...rule.exdates.filter((w) => w.length > 10), ...days.flatMap(onDay), ...hidden];
  const sorted = [...new Set(exdates)].sort();
  return [rruleLine(rule), ...(sorted.length ? [dateList('EXDATE', rule, sorted)] : []), ...(rule.rdates.length ? [dateList('RDATE', rule, rule.rdates)] : [])];
}

/**
 * The start the current rule gives a changed occurrence (RECURRENCE-ID, §3.8.4.4): the start it had
 * before it was changed (the flag's value, stored by the write road) when the rule still has it, else
 * the rule's start on that day — a change of the whole series' time matches occurrences by day — else
 * its own start when it is one of the rule's, else the rule's start on the day its slug names
 * (`{series}-{YYYY-MM-DD}`, kept when its dates move), else its own start.
 */
export function recurrenceIdOf(
  occurrence: { start_date?: unknown; slug?: unknown },
  originalStart: string | undefined,
  shape: SeriesShape,
): WallTime | undefined {
  const start = String(occurrence.start_date ?? '');
  const onDay = (day: string | undefined) => (day ? shape.slots.find((s) => s.startsWith(day)) : undefined);
  const slugDay = /-(\d{4}-\d{2}-\d{2})(?:-\d+)?$/.exec(String(occurrence.slug ?? ''))?.[1];
  const original = originalStart && parseStoredWall(originalStart) ? originalStart : undefined;
  const id = original
    ? shape.slots.includes(original)
      ? original
      : (onDay(original.slice(0, 10)) ?? original)
    : shape.slots.includes(start)
      ? start
      : (onDay(slugDay) ?? start);
  return parseStoredWall(id) ?? undefined;
}
