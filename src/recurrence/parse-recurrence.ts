/** Validates a `recurrence` input against the series' first event (docs/recurring-events.md "API"). */
import { EventZone, UTC_ZONE, WallTime, formatWall, parseStoredWall, resolveZone, wallToInstant } from '../dates';
import { ruleStarts } from './engine';
import { MAX_LISTED_DATES, MAX_SPAN_YEARS } from './limits';
import { readRuleParts, RuleParts } from './rule-parts';
import { Parsed, RecurrenceInput, RecurrenceProblem, RecurrenceRule, SeriesTiming } from './types';
import { readCompact, readListDate, spanEnd } from './walls';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The list of `exdate` or `rdate`, each item checked; date-only items keep their `YYYY-MM-DD` form. */
function readDates(name: 'exdate' | 'rdate', value: unknown, timing: SeriesTiming, problems: RecurrenceProblem[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push({ part: name, message: `${name} must be a list of dates in the event's time zone, such as ["2027-04-01 19:00:00"].` });
    return [];
  }
  if (value.length > MAX_LISTED_DATES) {
    const message = `${name} lists ${value.length.toLocaleString('en-US')} dates: at most ${MAX_LISTED_DATES.toLocaleString('en-US')}.`;
    problems.push({ part: name, message });
    return [];
  }
  const startTime = timing.start.slice(11);
  const out = new Set<string>();
  value.forEach((item, index) => {
    const read = readListDate(item);
    if (!read) {
      const shown = typeof item === 'string' ? `"${item}"` : JSON.stringify(item);
      problems.push({
        part: `${name}[${index}]`,
        message: `${name}[${index}]: ${shown} is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS in the event's time zone).`,
      });
      return;
    }
    const wall = formatWall(read.wall);
    // An rdate on a day alone starts at the series' time; an exdate on a day alone removes that day.
    if (name === 'exdate') out.add(read.dateOnly || timing.allDay ? wall.slice(0, 10) : wall);
    else out.add(read.dateOnly || timing.allDay ? `${wall.slice(0, 10)} ${startTime}` : wall);
  });
  return [...out].sort();
}

/** UNTIL as the last instant an occurrence may start at: a UTC date-time, or the end of a day in the event's zone. */
function untilInstant(text: string, zone: EventZone): number | null {
  const wall = readCompact(text.replace(/Z$/, ''));
  if (!wall) return null;
  if (text.endsWith('Z')) return wallToInstant(UTC_ZONE, wall);
  return wallToInstant(zone, { ...wall, hour: 23, minute: 59, second: 59 });
}

/**
 * What the start must match before anything is expanded: the hour, minute, second and month parts
 * (the start is an occurrence), the span limit for UNTIL, and no exdate on the first event itself.
 * An HOURLY rule whose BYHOUR misses the hours it steps through would loop inside the library.
 */
function startProblems(read: RuleParts, timing: SeriesTiming, start: WallTime, exdates: string[]): RecurrenceProblem[] {
  const problems: RecurrenceProblem[] = [];
  const fields: [string, number, string][] = [
    ['BYHOUR', start.hour, 'hour'],
    ['BYMINUTE', start.minute, 'minute'],
    ['BYSECOND', start.second, 'second'],
    ['BYMONTH', start.month, 'month'],
  ];
  for (const [name, value, unit] of fields) {
    const list = read.parts.get(name)?.split(',').map(Number);
    if (list && !list.includes(value))
      problems.push({
        part: name,
        message: `${name}=${read.parts.get(name)} does not hold the series' start ${unit} (${value}): the first event must be an occurrence.`,
      });
  }
  if (exdates.includes(timing.start) || exdates.includes(timing.start.slice(0, 10)))
    problems.push({
      part: 'exdate',
      message: `exdate ${timing.start.slice(0, 10)} is the first event's own start: start the series on its first occurrence instead.`,
    });
  return problems;
}

/**
 * Parses and validates `recurrence` for a series whose first event has `timing`. Every problem is
 * reported; on success the rule is ready for expandRecurrence, describeRecurrence and serializeRecurrence.
 * Bounded work whatever the input: the text and lists are capped, and the one search (is the start
 * an occurrence?) stops at the first period when it is.
 */
export function parseRecurrence(input: unknown, timing: SeriesTiming): Parsed<RecurrenceRule> {
  const zone = resolveZone(timing.timezone);
  const start = parseStoredWall(timing.start) as WallTime | null;
  if (!zone || !start || !parseStoredWall(timing.end)) throw new Error(`Series timing is not a stored event's: ${JSON.stringify(timing)}`);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, problems: [{ part: 'recurrence', message: 'recurrence must be an object: {"rrule": "FREQ=…", "exdate": [], "rdate": []}.' }] };
  const { rrule, exdate, rdate, ...rest } = input as Partial<RecurrenceInput> & Record<string, unknown>;
  const read = readRuleParts(rrule, timing.allDay);
  const problems = [...read.problems];
  for (const key of Object.keys(rest)) problems.push({ part: key, message: `${key} is not a recurrence field (rrule, exdate, rdate).` });
  const exdates = readDates('exdate', exdate, timing, problems);
  const rdates = readDates('rdate', rdate, timing, problems);
  const startMs = wallToInstant(zone, start);
  const last = spanEnd(timing.start);
  let untilMs: number | undefined;
  if (read.value?.until !== undefined) {
    untilMs = untilInstant(read.value.until, zone) ?? undefined;
    if (untilMs === undefined) problems.push({ part: 'UNTIL', message: `UNTIL=${read.value.until} is not a real date.` });
    else if (untilMs < startMs)
      problems.push({ part: 'UNTIL', message: `UNTIL=${read.value.until} is before the series' start (${timing.start} ${timing.timezone}).` });
    else if (untilMs > wallToInstant(zone, parseStoredWall(last)!))
      problems.push({
        part: 'UNTIL',
        message: `UNTIL=${read.value.until} is after ${last}: no occurrence may be more than ${MAX_SPAN_YEARS} years after the series' start.`,
      });
  }
  rdates
    .filter((wall) => wall < timing.start)
    .forEach((wall) =>
      problems.push({ part: 'rdate', message: `rdate ${wall} is before the series' start (${timing.start}): the first event starts the series.` }),
    );
  rdates
    .filter((wall) => wall > last)
    .forEach((wall) =>
      problems.push({
        part: 'rdate',
        message: `rdate ${wall} is after ${last}: no occurrence may be more than ${MAX_SPAN_YEARS} years after the series' start.`,
      }),
    );
  if (read.value) problems.push(...startProblems(read.value, timing, start, exdates));
  if (problems.length || !read.value) return { ok: false, problems };
  // RFC 5545 leaves a set whose DTSTART the rule does not produce undefined (clients disagree), so the start must be one.
  const first = ruleStarts(read.value.parts, timing.start, last, 1).starts[0];
  if (first !== timing.start) {
    const day = DAY_NAMES[new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()];
    const message = first
      ? `The series' start (${timing.start}, a ${day}) is not an occurrence of the rule, whose first is ${first}: start the series on an occurrence.`
      : `The rule makes no occurrence within ${MAX_SPAN_YEARS} years of the series' start.`;
    return { ok: false, problems: [{ part: 'rrule', message }] };
  }
  return { ok: true, value: { timing, zone, freq: read.value.freq, parts: read.value.parts, count: read.value.count, untilMs, exdates, rdates } };
}
