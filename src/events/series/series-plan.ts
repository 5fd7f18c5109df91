import { EventDateMeta, formatUtc, isTruthyMeta, parseStoredWall, WallTime, wallToInstant } from '../../dates';
import {
  expandRecurrence,
  Expansion,
  Occurrence,
  parseRecurrence,
  RECURRENCE_META_KEY,
  RecurrenceRule,
  SeriesTiming,
  timingWithRuleStart,
} from '../../recurrence';
import { PostMeta } from '../../wordpress/posts.store';

/** A validated series: the rule and its occurrences (the first event's included, first). */
export interface SeriesPlan {
  rule: RecurrenceRule;
  expansion: Expansion;
}

/**
 * The first event's timing as the recurrence module reads it, from its seven date rows; the rule starts
 * at `skippedStart` when a DST change skips the start written (PreparedEventDates).
 */
export function seriesTiming(
  dates: Pick<EventDateMeta, '_EventStartDate' | '_EventEndDate' | '_EventTimezone'>,
  allDay: boolean,
  skippedStart?: string,
): SeriesTiming {
  return { start: (!allDay && skippedStart) || dates._EventStartDate, end: dates._EventEndDate, timezone: dates._EventTimezone, allDay };
}

/** The timing of a stored event (its meta; a series' rule starts at its DTSTART), or null when it has no dates. */
export function storedTiming(meta: PostMeta): SeriesTiming | null {
  const get = (key: string) => meta.get(key)?.[0];
  const [start, end, timezone] = [get('_EventStartDate'), get('_EventEndDate'), get('_EventTimezone')];
  if (!start || !end || !timezone) return null;
  return timingWithRuleStart({ start, end, timezone, allDay: isTruthyMeta(get('_EventAllDay')) }, get(RECURRENCE_META_KEY) ?? '');
}

/** The occurrences after the first event (the first one of an expansion is the first event itself). */
export function laterOccurrences(plan: SeriesPlan): Occurrence[] {
  return plan.expansion.occurrences.filter((o) => o.startUtc !== plan.expansion.occurrences[0]?.startUtc);
}

/**
 * `recurrence` checked against the first event's timing and expanded (the occurrence limit is part of
 * the check): the plan, or the problems' messages as one `params.recurrence` text.
 */
export function planSeries(input: unknown, timing: SeriesTiming, nowMs: number): SeriesPlan | string {
  const parsed = parseRecurrence(input, timing);
  if (!parsed.ok) return parsed.problems.map((p) => p.message).join(' ');
  const expanded = expandRecurrence(parsed.value, nowMs);
  if (!expanded.ok) return expanded.problems.map((p) => p.message).join(' ');
  return { rule: parsed.value, expansion: expanded.value };
}

/** The UTC instant (`YYYY-MM-DD HH:MM:SS`) an endless series is materialised up to, or null for a bounded one. */
export function planHorizonUtc(plan: SeriesPlan): string | null {
  const horizon = plan.expansion.horizon;
  return horizon === null ? null : formatUtc(wallToInstant(plan.rule.zone, parseStoredWall(horizon) as WallTime));
}
