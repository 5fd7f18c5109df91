/**
 * The VEVENTs of a feed from the events it lists, in list order: an ordinary event is one VEVENT; a
 * series is one VEVENT for its first event with the rule (where its first occurrence in the list is),
 * followed by every changed occurrence of the series as a VEVENT with RECURRENCE-ID, listed or not: a
 * feed that carries a rule carries all its exceptions, or clients would show the rule's occurrence
 * where the API lists none (RFC 5545 §3.8.4.4). A changed occurrence the caller may not read is an
 * EXDATE. Plain occurrences are not repeated.
 */
import { formatWall, parseStoredWall, WallTime } from '../../dates';
import type { SeriesMember } from '../../events';
import { CalendarEvent, calendarEvent, CalendarZoneSettings } from './calendar-event';
import { recurrenceIdOf, seriesLines, SeriesShape, seriesShape } from './series-lines';

type Json = Record<string, unknown>;

/** A changed occurrence of a series: the start it had before it changed, when known, and the event as the caller may list it (none: hidden). */
export interface SeriesException {
  id: number;
  originalStart?: string;
  event?: Json;
}

/** What a feed knows of the series its events belong to. */
export interface FeedSeries {
  members: ReadonlyMap<number, SeriesMember>;
  /** The first event of each series, as the caller may read it; a series without one is written as ordinary events. */
  masters: ReadonlyMap<number, Json>;
  /** Every changed occurrence of each series in `masters`. */
  exceptions: ReadonlyMap<number, readonly SeriesException[]>;
  nowMs: number;
}

/** The series' first event, in the rule's zone and dates (the rule's zone also in TEC's `site` time-zone mode). */
function masterEvent(master: Json, shape: SeriesShape, lines: string[], settings: CalendarZoneSettings): CalendarEvent | undefined {
  const event = calendarEvent(master, settings);
  if (!event) return undefined;
  const { timing, zone } = shape.rule;
  // The stored dates were checked when the rule was read (SeriesReader); the start is the rule's own wall time.
  const [start, end] = [timing.start, timing.end].map((wall) => parseStoredWall(wall) as WallTime);
  return { ...event, zone, start, end, allDay: timing.allDay, rule: { lines, lastYear: shape.lastYear } };
}

/** The first event's VEVENT with the rule, then one VEVENT per changed occurrence the caller may read. */
function seriesEvents(
  master: Json,
  member: SeriesMember,
  exceptions: readonly SeriesException[],
  nowMs: number,
  settings: CalendarZoneSettings,
): CalendarEvent[] {
  const shape = seriesShape(member.rule, nowMs);
  const changed: CalendarEvent[] = [];
  const ids: WallTime[] = [];
  const hidden: string[] = [];
  for (const exception of exceptions) {
    const recurrenceId = recurrenceIdOf(exception.event ?? {}, exception.originalStart, shape);
    const event = exception.event && calendarEvent(exception.event, settings);
    if (event && recurrenceId) {
      changed.push(event);
      ids.push(recurrenceId);
    } else if (recurrenceId) {
      hidden.push(formatWall(recurrenceId));
    }
  }
  const first = masterEvent(master, shape, seriesLines(shape, hidden), settings);
  if (!first) return [];
  return [first, ...changed.map((event, i) => ({ ...event, occurrenceOf: { master: first, recurrenceId: ids[i] } }))];
}

export function feedEvents(events: readonly Json[], series: FeedSeries, settings: CalendarZoneSettings): CalendarEvent[] {
  const written = new Set<number>();
  const out: CalendarEvent[] = [];
  for (const event of events) {
    const member = series.members.get(Number(event.id));
    const master = member && series.masters.get(member.seriesId);
    if (!member || !master) {
      const ordinary = calendarEvent(event, settings);
      if (ordinary) out.push(ordinary);
      continue;
    }
    if (written.has(member.seriesId)) continue;
    written.add(member.seriesId);
    out.push(...seriesEvents(master, member, series.exceptions.get(member.seriesId) ?? [], series.nowMs, settings));
  }
  return out;
}
