/**
 * The rule as stored in the first event's `_EventRecurrenceRRULE` meta: RFC 5545 content lines
 * (DTSTART, RRULE, EXDATE, RDATE), readable by any iCalendar library and by the plugin's importer.
 * The first event's own date meta stays the authority for the start; DTSTART is kept for readers.
 */
import { formatWall } from '../dates';
import { RecurrenceInput, RecurrenceRule } from './types';
import { compactWall, readCompact } from './walls';

function dateLine(name: string, rule: RecurrenceRule, walls: string[]): string {
  const dateOnly = rule.timing.allDay || walls.every((w) => w.length === 10);
  const values = walls.map((w) => (dateOnly ? w.slice(0, 10).replace(/-/g, '') : compactWall(w.length === 10 ? `${w} 00:00:00` : w)));
  return dateOnly ? `${name};VALUE=DATE:${values.join(',')}` : `${name};TZID=${paramValue(rule.timing.timezone)}:${values.join(',')}`;
}

/** A parameter value, quoted when it holds `:`, `;` or `,` (RFC 5545 §3.2): a zone such as `UTC+05:30`. */
function paramValue(value: string): string {
  return /[:;,]/.test(value) ? `"${value}"` : value;
}

/** The lines to store (LF-separated). A timed series' date-only exdates get a line of their own. */
export function serializeRecurrence(rule: RecurrenceRule): string {
  const lines = [dateLine('DTSTART', rule, [rule.timing.start])];
  lines.push(`RRULE:${[...rule.parts].map(([name, value]) => `${name}=${value}`).join(';')}`);
  const days = rule.exdates.filter((w) => w.length === 10);
  const times = rule.exdates.filter((w) => w.length > 10);
  if (times.length) lines.push(dateLine('EXDATE', rule, times));
  if (days.length) lines.push(dateLine('EXDATE', rule, days));
  if (rule.rdates.length) lines.push(dateLine('RDATE', rule, rule.rdates));
  return lines.join('\n');
}

/**
 * Reads stored lines back into the input they came from (validated again by parseRecurrence). An
 * exdate on DTSTART, which earlier versions wrote when the first event was trashed alone, is left
 * out: the first event holds the rule and its own date (issue #30).
 */
export function readStoredRecurrence(text: string): Required<RecurrenceInput> | null {
  const input: Required<RecurrenceInput> = { rrule: '', exdate: [], rdate: [] };
  let start = '';
  for (const line of text.split(/\r?\n/)) {
    // The value is the text after the last colon (dates and RRULE parts hold none), so a zone's colon
    // in the parameters reads right, quoted (as written now) or not (as rules were stored before).
    const m = /^([A-Z]+)(;.*)?:([^:]*)$/.exec(line.trim());
    if (!m) continue;
    const dateOnly = /VALUE=DATE(;|$)/.test(m[2] ?? '');
    const walls = m[3].split(',').map((v) => readCompact(v.replace(/Z$/, '')));
    const texts = walls.map((w) => (w ? formatWall(w) : '')).map((w) => (dateOnly ? w.slice(0, 10) : w));
    if (m[1] === 'RRULE') input.rrule = m[3];
    else if (m[1] === 'DTSTART') start = texts[0];
    else if (m[1] === 'EXDATE') input.exdate?.push(...texts);
    else if (m[1] === 'RDATE') input.rdate?.push(...texts);
  }
  input.exdate = input.exdate?.filter((date) => !start || date !== start.slice(0, date.length));
  return input.rrule ? input : null;
}
