/** Materialises a validated rule into occurrences (docs/recurring-events.md "Limits"). */
import { UTC_ZONE, WallTime, formatUtc, formatWall, instantToWall, isStorableWall, parseStoredWall, wallToInstant, wallToMs } from '../dates';
import { RuleSearch, ruleStarts } from './engine';
import { HORIZON_MONTHS, MAX_OCCURRENCES, MAX_SEARCH_PERIODS, MAX_SPAN_YEARS } from './limits';
import { Occurrence, Parsed, RecurrenceProblem, RecurrenceRule } from './types';
import { shiftWall, spanEnd } from './walls';

export interface Expansion {
  occurrences: Occurrence[];
  /** For an endless rule, the wall time up to which it was materialised (to extend later); else null. */
  horizon: string | null;
}

const wall = (text: string) => parseStoredWall(text) as WallTime;

/** The horizon of an endless rule: HORIZON_MONTHS after `nowMs`, on the event's wall clock. */
export function horizonFor(rule: RecurrenceRule, nowMs: number): string {
  const now = instantToWall(rule.zone, nowMs);
  // Months past December (and February 29 in a common year) overflow like every wall-time sum here.
  return formatWall(instantToWall(UTC_ZONE, wallToMs({ ...now, month: now.month + HORIZON_MONTHS })));
}

const UNIT: Record<string, string> = { HOURLY: 'hours', DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };

/** Why a search cannot give the whole series within the bounds (docs/recurring-events.md "Limits"), if it cannot. */
function boundProblem(rule: RecurrenceRule, search: RuleSearch, last: string, horizon: string | null): RecurrenceProblem | undefined {
  const span = `no occurrence may be more than ${MAX_SPAN_YEARS} years after the series' start`;
  if (!search.complete) {
    const searched = `${MAX_SEARCH_PERIODS.toLocaleString('en-US')} ${UNIT[rule.freq]}`;
    return {
      part: 'FREQ',
      message: `FREQ=${rule.freq}: the rule's dates are too rare to find within ${searched} of search: use a longer FREQ (MONTHLY or YEARLY) with the same BY parts.`,
    };
  }
  if (rule.count !== undefined && search.starts.length < rule.count)
    return { part: 'COUNT', message: `COUNT=${rule.count}: the rule has only ${search.starts.length} occurrences up to ${last} (${span}).` };
  if (horizon !== null && horizon > last)
    return { part: 'rrule', message: `An endless rule is materialised up to ${horizon}, but ${span}: give it COUNT or UNTIL.` };
  return undefined;
}

/**
 * One occurrence's dates from its start on the rule's wall clock. A timed one lasts the first event's
 * exact duration (RFC 5545 §3.8.5.3 reads DTSTART/DTEND of a recurrence so): 22:00–06:00 London is
 * eight hours on either side of a clock change. A start a DST change skips reads like every event date
 * (02:30 → 03:30 daylight time), only that occurrence. An all-day one keeps its days. Null past 9999.
 */
function occurrenceSpan(rule: RecurrenceRule, start: WallTime): Omit<Occurrence, 'added'> | null {
  const { timing, zone } = rule;
  const startMs = wallToInstant(zone, start);
  const endMs = timing.allDay
    ? wallToInstant(zone, shiftWall(start, wallToMs(wall(timing.end)) - wallToMs(wall(timing.start))))
    : startMs + Math.max(0, wallToInstant(zone, wall(timing.end)) - wallToInstant(zone, wall(timing.start)));
  const end = instantToWall(zone, endMs);
  if (!isStorableWall(end)) return null;
  return {
    start: formatWall(instantToWall(zone, startMs)),
    end: formatWall(end),
    startUtc: formatUtc(startMs),
    endUtc: formatUtc(endMs),
    duration: Math.round((endMs - startMs) / 1000),
  };
}

/**
 * Every occurrence of the series, first event included, sorted by start: the rule's starts (up to
 * UNTIL, COUNT or, for an endless rule, the horizon after `nowMs`), plus the rdates, less the
 * exdates, each dated by occurrenceSpan. More than MAX_OCCURRENCES is a problem naming the limit.
 */
export function expandRecurrence(rule: RecurrenceRule, nowMs: number): Parsed<Expansion> {
  const { timing, zone } = rule;
  const endless = rule.count === undefined && rule.untilMs === undefined;
  const horizon = endless ? horizonFor(rule, nowMs) : null;
  // UNTIL is an instant: the floating bound is a day past its wall time, the exact cut is below.
  const bound = rule.untilMs !== undefined ? formatWall(shiftWall(instantToWall(zone, rule.untilMs), 86_400_000)) : horizon;
  const span = spanEnd(timing.start);
  const lastWall = bound !== null && wallToMs(wall(bound)) < wallToMs(wall(span)) ? bound : span;
  const cap = MAX_OCCURRENCES + rule.exdates.length + 1;
  const search = ruleStarts(rule.parts, timing.start, lastWall, cap);
  const problem = boundProblem(rule, search, span, horizon);
  if (problem) return { ok: false, problems: [problem] };
  const fromRule = new Set(search.starts.filter((s) => rule.untilMs === undefined || wallToInstant(zone, wall(s)) <= rule.untilMs));
  const excluded = new Set(rule.exdates);
  const kept = [...new Set([...fromRule, ...rule.rdates])].filter((s) => !excluded.has(s) && !excluded.has(s.slice(0, 10))).sort();
  if (kept.length > MAX_OCCURRENCES) {
    const within = endless ? ` within the ${HORIZON_MONTHS / 12}-year horizon of an endless rule` : '';
    const message = `The series would have more than ${MAX_OCCURRENCES.toLocaleString('en-US')} occurrences${within} (the limit): use COUNT, an earlier UNTIL or a longer INTERVAL.`;
    return { ok: false, problems: [{ part: 'rrule', message }] };
  }
  const occurrences: Occurrence[] = [];
  for (const start of kept) {
    const span = occurrenceSpan(rule, wall(start));
    if (!span) return { ok: false, problems: [{ part: 'rrule', message: `The occurrence starting ${start} would end after the year 9999.` }] };
    occurrences.push({ ...span, added: !fromRule.has(start) });
  }
  return { ok: true, value: { occurrences, horizon } };
}
