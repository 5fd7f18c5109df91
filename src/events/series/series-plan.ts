import { EventDateMeta, formatUtc, isTruthyMeta, parseStoredWall, WallTime, wallToInstant } from '../../dates';
import { expandRecurrence, Expansion, parseRecurrence, RecurrenceRule, SeriesTiming } from '../../recurrence';
import { PostMeta } from '../../wordpress/posts.store';

/** A validated series: the rule and its occurrences (the first event's included, first). */
export interface SeriesPlan {
  rule: RecurrenceRule;
  expansion: Expansion;
}

/** The first event's timing as the recurrence module reads it, from its seven date rows. */
export function seriesTiming(dates: Pick<EventDateMeta, '_EventStartDate' | '_EventEndDate' | '_EventTimezone'>, allDay: boolean): SeriesTiming {
  return { start: dates._EventStartDate, end: dates._EventEndDate, timezone: dates._EventTimezone, allDay };
}

/** The timing of a stored event (its meta), or null when it has no dates. */
export function storedTiming(meta: PostMeta): SeriesTiming | null {
  const get = (key: string) => meta.get(key)?.[0];
  const [start, end, timezone] = [get('_EventStartDate'), get('_EventEndDate'), get('_EventTimezone')];
  if (!start || !end || !timezone) return null;
  return { start, end, timezone, allDay: isTruthyMeta(get('_EventAllDay')) };
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
