/**
 * The VEVENTs of a feed from the events it lists, in list order: an ordinary event is one VEVENT; a
 * series is one VEVENT for its first event with the rule (where its first occurrence in the list is),
 * its plain occurrences are not repeated, and each changed one is a VEVENT with RECURRENCE-ID.
 */
import { parseStoredWall, WallTime } from '../../dates';
import type { SeriesMember } from '../series/series-reader';
import { CalendarEvent, calendarEvent, CalendarZoneSettings } from './calendar-event';
import { recurrenceIdOf, SeriesShape, seriesShape } from './series-lines';

type Json = Record<string, unknown>;

/** What a feed knows of the series its events belong to. */
export interface FeedSeries {
  members: ReadonlyMap<number, SeriesMember>;
  /** The first event of each series, as the caller may read it; a series without one is written as ordinary events. */
  masters: ReadonlyMap<number, Json>;
  nowMs: number;
}

/** The series' first event, in the rule's zone and dates (the rule's zone also in TEC's `site` time-zone mode). */
function masterEvent(master: Json, member: SeriesMember, shape: SeriesShape, settings: CalendarZoneSettings): CalendarEvent | undefined {
  const event = calendarEvent(master, settings);
  if (!event) return undefined;
  const { timing, zone } = member.rule;
  // The stored dates were checked when the rule was read (SeriesReader).
  const [start, end] = [timing.start, timing.end].map((wall) => parseStoredWall(wall) as WallTime);
  return { ...event, zone, start, end, allDay: timing.allDay, rule: { lines: shape.lines, lastYear: shape.lastYear } };
}

export function feedEvents(events: readonly Json[], series: FeedSeries, settings: CalendarZoneSettings): CalendarEvent[] {
  const written = new Map<number, { master: CalendarEvent; shape: SeriesShape } | undefined>();
  const out: CalendarEvent[] = [];
  for (const event of events) {
    const member = series.members.get(Number(event.id));
    const master = member && series.masters.get(member.seriesId);
    if (!member || !master) {
      const ordinary = calendarEvent(event, settings);
      if (ordinary) out.push(ordinary);
      continue;
    }
    if (!written.has(member.seriesId)) {
      const shape = seriesShape(member.rule, series.nowMs);
      const first = masterEvent(master, member, shape, settings);
      written.set(member.seriesId, first && { master: first, shape });
      if (first) out.push(first);
    }
    const known = written.get(member.seriesId);
    if (!member.exception || !known) continue;
    const changed = calendarEvent(event, settings);
    const recurrenceId = recurrenceIdOf(event, member.originalStart, known.shape);
    if (changed && recurrenceId) out.push({ ...changed, occurrenceOf: { master: known.master, recurrenceId } });
  }
  return out;
}
