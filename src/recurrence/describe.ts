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

function pattern(rule: RecurrenceRule): string {
  const { parts, freq } = rule;
  const start = parseStoredWall(rule.timing.start) as NonNullable<ReturnType<typeof parseStoredWall>>;
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const every = interval === 1 ? `Every ${UNITS[freq]}` : `Every ${interval} ${UNITS[freq]}s`;
  const startCode = DAY_CODES[new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()];
  if ((freq === 'WEEKLY' || freq === 'DAILY') && !parts.has('BYMONTH') && !parts.has('BYMONTHDAY') && !parts.has('BYSETPOS')) {
    const days = parts.get('BYDAY')?.split(',') ?? (freq === 'WEEKLY' ? [startCode] : null);
    if (!days) return every;
    return interval === 1 ? `Every ${daySet(days, 'and')}` : `${every} on ${daySet(days, 'and')}`;
  }
  if (freq === 'MONTHLY' && !parts.has('BYMONTH')) return `${every} ${inMonth(parts, start.day)}`;
  if (freq === 'YEARLY') {
    const months = (parts.get('BYMONTH')?.split(',') ?? [String(start.month)]).map((m) => MONTHS[Number(m) - 1]);
    if (parts.has('BYDAY')) return `${every} ${inMonth(parts, start.day)} of ${list(months)}`;
    const days = parts.get('BYMONTHDAY')?.split(',') ?? [String(start.day)];
    return `${every} on ${list(months)} ${list(days.map((d) => (Number(d) > 0 ? d : monthDay(d))))}`;
  }
  return every;
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
