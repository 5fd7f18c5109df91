/**
 * The rule in English words for the occurrence pages and the series object ("Every Tuesday and
 * Thursday until June 30, 2027"). The common shapes are written here because the library's
 * toText drops BYSETPOS ("last Friday" would read "every Friday"); rarer parts use its words.
 */
import { RRule } from 'rrule';
import { instantToWall, parseStoredWall } from '../dates';
import { RecurrenceRule } from './types';
import { compactWall } from './walls';

const DAYS: Record<string, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const POSITIONS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '5': 'fifth', '-1': 'last', '-2': 'second-to-last' };
const UNITS: Record<string, string> = { HOURLY: 'hour', DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };
/** Parts written in words here; a rule with any other goes to the library's words. */
const WORDED = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST']);

function list(words: string[], joiner = 'and'): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${joiner} ${words[words.length - 1]}`;
}

function nth(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function position(n: string): string {
  return POSITIONS[String(Number(n))] ?? (Number(n) > 0 ? nth(Number(n)) : `${nth(-Number(n))}-to-last`);
}

function monthDay(n: string): string {
  return Number(n) > 0 ? `the ${nth(Number(n))}` : `the ${position(n)} day`;
}

function daySet(codes: string[], joiner: string): string {
  const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR'];
  if (codes.length === 5 && weekdays.every((c) => codes.includes(c))) return 'weekday';
  return list(
    codes.map((c) => DAYS[c]),
    joiner,
  );
}

/** `on the first Monday`, `on the last weekday`, `on the 1st and 15th`, or the start's day of the month. */
function inMonth(parts: Map<string, string>, startDay: number): string {
  const byDay = parts.get('BYDAY')?.split(',');
  const setPos = parts.get('BYSETPOS')?.split(',');
  if (byDay && setPos) return `on the ${list(setPos.map(position))} ${daySet(byDay, 'or')}`;
  if (byDay) {
    const items = byDay.map((item) => {
      const m = /^([+-]?\d+)?(\w\w)$/.exec(item) as RegExpExecArray;
      return m[1] ? `the ${position(m[1])} ${DAYS[m[2]]}` : `every ${DAYS[m[2]]}`;
    });
    return `on ${list(items)}`;
  }
  const days = parts.get('BYMONTHDAY')?.split(',') ?? [String(startDay)];
  return `on ${list(days.map(monthDay))}`;
}

/**
 * What the parts the head of a sentence did not word add: `on the 1st and 15th of the month`, `in
 * June and July`, `, only the last of each week` — so a filter is never silently left out.
 */
function qualifiers(parts: Map<string, string>, freq: string, worded: Set<string>): string {
  let text = '';
  const monthDays = parts.get('BYMONTHDAY')?.split(',');
  if (monthDays && !worded.has('BYMONTHDAY')) text += ` on ${list(monthDays.map(monthDay))} of the month`;
  const months = parts.get('BYMONTH')?.split(',');
  if (months && !worded.has('BYMONTH')) text += ` in ${list(months.map((m) => MONTHS[Number(m) - 1]))}`;
  const setPos = parts.get('BYSETPOS')?.split(',');
  if (setPos && !worded.has('BYSETPOS')) text += `, only the ${list(setPos.map(position))} of each ${UNITS[freq]}`;
  return text;
}

function pattern(rule: RecurrenceRule): string {
  const { parts, freq } = rule;
  const start = parseStoredWall(rule.timing.start) as NonNullable<ReturnType<typeof parseStoredWall>>;
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const every = interval === 1 ? `Every ${UNITS[freq]}` : `Every ${interval} ${UNITS[freq]}s`;
  const startCode = DAY_CODES[new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()];
  const byDay = parts.has('BYDAY');
  const setPosWithDays = byDay && parts.has('BYSETPOS') ? ['BYSETPOS'] : [];
  if (freq === 'MONTHLY') return `${every} ${inMonth(parts, start.day)}${qualifiers(parts, freq, new Set(['BYMONTHDAY', ...setPosWithDays]))}`;
  if (freq === 'YEARLY') {
    const months = (parts.get('BYMONTH')?.split(',') ?? [String(start.month)]).map((m) => MONTHS[Number(m) - 1]);
    if (byDay)
      return `${every} ${inMonth(parts, start.day)} of ${list(months)}${qualifiers(parts, freq, new Set(['BYMONTH', 'BYMONTHDAY', ...setPosWithDays]))}`;
    const days = parts.get('BYMONTHDAY')?.split(',') ?? [String(start.day)];
    const head = `${every} on ${list(months)} ${list(days.map((d) => (Number(d) > 0 ? d : monthDay(d))))}`;
    return `${head}${qualifiers(parts, freq, new Set(['BYMONTH', 'BYMONTHDAY']))}`;
  }
  // Hourly, daily and weekly: the days of the week, then the other filters.
  const days = parts.get('BYDAY')?.split(',') ?? (freq === 'WEEKLY' ? [startCode] : null);
  const head = !days ? every : interval === 1 && freq !== 'HOURLY' ? `Every ${daySet(days, 'and')}` : `${every} on ${daySet(days, 'and')}`;
  return `${head}${qualifiers(parts, freq, new Set())}`;
}

/** The library's words for rules with parts not worded here (BYHOUR, BYWEEKNO, BYYEARDAY…). */
function libraryWords(rule: RecurrenceRule): string {
  const text = [...rule.parts].filter(([name]) => name !== 'UNTIL' && name !== 'COUNT').map(([name, value]) => `${name}=${value}`);
  const words = RRule.fromString(`DTSTART:${compactWall(rule.timing.start)}\nRRULE:${text.join(';')}`).toText();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Every Tuesday and Thursday until June 30, 2027", "Every month on the last Friday, 12 times". */
export function describeRecurrence(rule: RecurrenceRule): string {
  const worded = [...rule.parts.keys()].every((name) => WORDED.has(name));
  const head = worded ? pattern(rule) : libraryWords(rule);
  if (rule.count !== undefined) return `${head}, ${rule.count === 1 ? 'once' : `${rule.count} times`}`;
  if (rule.untilMs !== undefined) {
    const until = instantToWall(rule.zone, rule.untilMs);
    return `${head} until ${MONTHS[until.month - 1]} ${until.day}, ${until.year}`;
  }
  return head;
}
