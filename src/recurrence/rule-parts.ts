/**
 * Reads RRULE text (RFC 5545 §3.3.10) into its parts, checking each on its own and against the
 * others; every wrong part is reported with the reason, not just the first.
 */
import { MAX_OCCURRENCES, MAX_RULE_LENGTH } from './limits';
import { Frequency, RecurrenceProblem } from './types';

/** The parts in RFC 5545's order, which is also the order they are written back in. */
const PART_ORDER = [
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
];
const FREQUENCIES: Frequency[] = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const BY_DAY = /^([+-]?\d{1,2})?([A-Z]{2})$/;

/** Signed whole-number list parts: allowed range and the frequencies they may not be used with. */
const NUMBER_LISTS: Record<string, { min: number; max: number; signed: boolean; notWith?: Frequency[]; onlyWith?: Frequency[] }> = {
  BYSECOND: { min: 0, max: 59, signed: false },
  BYMINUTE: { min: 0, max: 59, signed: false },
  BYHOUR: { min: 0, max: 23, signed: false },
  BYMONTHDAY: { min: 1, max: 31, signed: true, notWith: ['WEEKLY'] },
  BYYEARDAY: { min: 1, max: 366, signed: true, notWith: ['DAILY', 'WEEKLY', 'MONTHLY'] },
  BYWEEKNO: { min: 1, max: 53, signed: true, onlyWith: ['YEARLY'] },
  BYMONTH: { min: 1, max: 12, signed: false },
  BYSETPOS: { min: 1, max: 366, signed: true },
};

export interface RuleParts {
  freq: Frequency;
  parts: Map<string, string>;
  count?: number;
  /** UNTIL as written (`20270630T235959Z` or `20270630`), checked against the start by the caller. */
  until?: string;
}

const problem = (part: string, message: string): RecurrenceProblem => ({ part, message });

/** Splits `FREQ=WEEKLY;BYDAY=TU` (an `RRULE:` prefix allowed) into upper-cased name → value. */
function split(text: string, problems: RecurrenceProblem[]): Map<string, string> {
  const parts = new Map<string, string>();
  const body = text.trim().replace(/^RRULE:/i, '');
  if (/[\r\n]/.test(body)) {
    problems.push(problem('rrule', 'rrule holds one RRULE value only: the start comes from start_date, exceptions from exdate and rdate.'));
    return parts;
  }
  for (const piece of body.split(';')) {
    if (piece.trim() === '') continue;
    const eq = piece.indexOf('=');
    const name = (eq < 0 ? piece : piece.slice(0, eq)).trim().toUpperCase();
    const value =
      eq < 0
        ? ''
        : piece
            .slice(eq + 1)
            .trim()
            .toUpperCase();
    if (eq < 0 || value === '') problems.push(problem(name, `${name} has no value: write ${name}=value.`));
    else if (!PART_ORDER.includes(name)) problems.push(problem(name, `${name} is not a supported RRULE part (supported: ${PART_ORDER.join(', ')}).`));
    else if (parts.has(name)) problems.push(problem(name, `${name} is given twice.`));
    else parts.set(name, value);
  }
  return parts;
}

function readFreq(value: string | undefined, problems: RecurrenceProblem[]): Frequency | undefined {
  if (value === undefined) problems.push(problem('FREQ', 'FREQ is required (YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY).'));
  else if (value === 'SECONDLY' || value === 'MINUTELY')
    problems.push(problem('FREQ', `FREQ=${value} is not supported: an event repeats at most hourly (YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY).`));
  else if (!FREQUENCIES.includes(value as Frequency))
    problems.push(problem('FREQ', `FREQ=${value} is not a frequency (YEARLY, MONTHLY, WEEKLY, DAILY or HOURLY).`));
  else return value as Frequency;
  return undefined;
}

function positive(name: string, value: string, problems: RecurrenceProblem[]): number | undefined {
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (n >= 1) return n;
  problems.push(problem(name, `${name}=${value} must be a whole number of 1 or more.`));
  return undefined;
}

/** A list without repeated items (`1,1,15` → `1,15`), as the library reads it. */
function distinct(value: string): string {
  return [...new Set(value.split(','))].join(',');
}

function checkNumberList(name: string, value: string, freq: Frequency | undefined, problems: RecurrenceProblem[]): void {
  const rule = NUMBER_LISTS[name];
  const bad = value.split(',').filter((item) => {
    if (!(rule.signed ? /^[+-]?\d{1,3}$/ : /^\d{1,3}$/).test(item)) return true;
    const n = Math.abs(Number(item));
    return n < rule.min || n > rule.max || (rule.signed && n === 0);
  });
  const range = rule.signed ? `${rule.min} to ${rule.max} or -${rule.max} to -${rule.min}` : `${rule.min} to ${rule.max}`;
  if (bad.length) problems.push(problem(name, `${name}=${value}: ${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} not in ${range}.`));
  if (freq && rule.notWith?.includes(freq)) problems.push(problem(name, `${name} cannot be used with FREQ=${freq} (RFC 5545).`));
  if (freq && rule.onlyWith && !rule.onlyWith.includes(freq))
    problems.push(problem(name, `${name} can only be used with FREQ=${rule.onlyWith.join(' or ')} (RFC 5545).`));
}

function checkByDay(value: string, freq: Frequency | undefined, hasWeekNo: boolean, problems: RecurrenceProblem[]): void {
  for (const item of value.split(',')) {
    const m = BY_DAY.exec(item);
    if (!m || !WEEKDAYS.includes(m[2])) {
      problems.push(
        problem('BYDAY', `BYDAY=${value}: ${item} is not a weekday (MO, TU, WE, TH, FR, SA, SU, optionally after a position such as 1MO or -1FR).`),
      );
      continue;
    }
    if (m[1] === undefined) continue;
    const position = Math.abs(Number(m[1]));
    const max = freq === 'MONTHLY' ? 5 : 53;
    if (position < 1 || position > max) problems.push(problem('BYDAY', `BYDAY=${value}: the position in ${item} must be 1 to ${max} or -${max} to -1.`));
    else if (freq !== undefined && freq !== 'MONTHLY' && freq !== 'YEARLY')
      problems.push(problem('BYDAY', `BYDAY=${value}: a position (${item}) needs FREQ=MONTHLY or FREQ=YEARLY (RFC 5545).`));
    else if (hasWeekNo) problems.push(problem('BYDAY', `BYDAY=${value}: a position (${item}) cannot be used with BYWEEKNO (RFC 5545).`));
  }
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The most days one period of a frequency holds (a year: 366). */
const PERIOD_DAYS: Record<Frequency, number> = { HOURLY: 1, DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 };

/**
 * Parts, each valid alone, that give the rule no date or more than one an hour: refused here, before
 * anything is expanded (docs/recurring-events.md "Limits"). The library would search for them
 * period after period (up to the year 9999), and an event repeats at most hourly.
 */
function impossibleParts(freq: Frequency, raw: Map<string, string>): RecurrenceProblem[] {
  const problems: RecurrenceProblem[] = [];
  for (const name of ['BYMINUTE', 'BYSECOND'])
    if (raw.get(name)?.includes(','))
      problems.push(problem(name, `${name}=${raw.get(name)}: an event repeats at most hourly, so ${name} takes one value (the start's).`));
  const months = (raw.get('BYMONTH')?.split(',') ?? ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']).map(Number);
  const longest = Math.max(...months.map((m) => MONTH_DAYS[m - 1]));
  const monthDays = raw.get('BYMONTHDAY');
  if (monthDays && monthDays.split(',').every((d) => Math.abs(Number(d)) > longest))
    problems.push(
      problem('BYMONTHDAY', `BYMONTHDAY=${monthDays} never falls in ${months.map((m) => MONTH_NAMES[m - 1]).join(', ')} (at most ${longest} days).`),
    );
  const setPos = raw.get('BYSETPOS');
  // A period's set: its days times the start times of a day (BYHOUR for daily and longer frequencies).
  const size = PERIOD_DAYS[freq] * (freq === 'HOURLY' ? 1 : (raw.get('BYHOUR')?.split(',').length ?? 1));
  const beyond = setPos?.split(',').filter((p) => Math.abs(Number(p)) > size) ?? [];
  if (beyond.length)
    problems.push(
      problem(
        'BYSETPOS',
        `BYSETPOS=${setPos}: ${beyond.join(', ')} ${beyond.length > 1 ? 'are' : 'is'} beyond the ${size} start${size > 1 ? 's' : ''} one FREQ=${freq} period can hold.`,
      ),
    );
  return problems;
}

/** Reads and checks RRULE text; `allDay` forbids the parts that would give an all-day series a time. */
export function readRuleParts(text: unknown, allDay: boolean): { value?: RuleParts; problems: RecurrenceProblem[] } {
  const problems: RecurrenceProblem[] = [];
  if (typeof text !== 'string' || text.trim() === '') return { problems: [problem('rrule', 'rrule must be RRULE text such as FREQ=WEEKLY;BYDAY=TU,TH.')] };
  if (text.length > MAX_RULE_LENGTH)
    return {
      problems: [problem('rrule', `rrule is ${text.length.toLocaleString('en-US')} characters long: at most ${MAX_RULE_LENGTH.toLocaleString('en-US')}.`)],
    };
  const raw = split(text, problems);
  for (const [name, value] of raw) if (name.startsWith('BY')) raw.set(name, distinct(value));
  const freq = readFreq(raw.get('FREQ'), problems);
  const count = raw.has('COUNT') ? positive('COUNT', raw.get('COUNT') as string, problems) : undefined;
  if (count !== undefined && count > MAX_OCCURRENCES)
    problems.push(problem('COUNT', `COUNT=${count} is over the limit of ${MAX_OCCURRENCES.toLocaleString('en-US')} occurrences in a series.`));
  if (raw.has('INTERVAL')) positive('INTERVAL', raw.get('INTERVAL') as string, problems);
  const until = raw.get('UNTIL');
  if (until !== undefined && raw.has('COUNT')) problems.push(problem('UNTIL', 'COUNT and UNTIL cannot both be given (RFC 5545): choose one.'));
  if (until !== undefined && !/^\d{8}(T\d{6}Z)?$/.test(until))
    problems.push(problem('UNTIL', `UNTIL=${until} must be a UTC date-time such as 20270630T235959Z or a date such as 20270630 (RFC 5545).`));
  for (const [name, value] of raw) if (NUMBER_LISTS[name]) checkNumberList(name, value, freq, problems);
  if (raw.has('BYDAY')) checkByDay(raw.get('BYDAY') as string, freq, raw.has('BYWEEKNO'), problems);
  if (raw.has('WKST') && !WEEKDAYS.includes(raw.get('WKST') as string))
    problems.push(problem('WKST', `WKST=${raw.get('WKST')} is not a weekday (MO, TU, WE, TH, FR, SA, SU).`));
  if (raw.has('BYSETPOS') && ![...raw.keys()].some((name) => name.startsWith('BY') && name !== 'BYSETPOS'))
    problems.push(problem('BYSETPOS', 'BYSETPOS needs another BY part to pick from, such as BYDAY=FR;BYSETPOS=-1 (RFC 5545).'));
  if (!problems.length && freq) problems.push(...impossibleParts(freq, raw));
  if (allDay) {
    if (freq === 'HOURLY') problems.push(problem('FREQ', 'FREQ=HOURLY cannot repeat an all-day event: it repeats on days.'));
    for (const name of ['BYHOUR', 'BYMINUTE', 'BYSECOND'])
      if (raw.has(name)) problems.push(problem(name, `${name} cannot be used for an all-day event: it repeats on days.`));
  }
  if (problems.length || !freq) return { problems };
  const parts = new Map(PART_ORDER.filter((name) => raw.has(name)).map((name) => [name, raw.get(name) as string]));
  return { value: { freq, parts, count, until }, problems };
}
