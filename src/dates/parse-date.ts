/**
 * Date input parsing compatible with PHP `strtotime()` for the forms formats.md §1.4 requires
 * (validation rule "is_time" and event start/end input).
 *
 * Supported (case-insensitive, tokens separated by spaces or commas, combinable):
 *  - numbers (PHP `is_numeric`): Unix timestamps; `@<timestamp>`;
 *  - dates: `YYYY-MM-DD`, `YYYY/MM/DD`, `MM/DD/YYYY`, `MM/DD`, `DD-MM-YYYY`, `DD.MM.YYYY`,
 *    `1 May 2024`, `1st May`, `May 1, 2024`, `May 1`, `May 2024` (English month names/abbreviations);
 *  - times: `HH:MM`, `HH:MM:SS`, optional fraction, `4pm`, `4:30 pm`, `4 a.m.`, ISO `T` separator;
 *  - zones after a date/time: `Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`, `±H`, PHP abbreviations (`EST`);
 *  - keywords: `now`, `today`, `midnight`, `noon`, `tomorrow`, `yesterday`;
 *  - relative: `[+-]N unit`, `N unit ago`, `next|last|previous|this unit` for sec(ond)/min(ute)/hour/
 *    day/week/fortnight/month/year (plural or not), weekday names with `next`/`last`/`this` or alone,
 *    `first day of` / `last day of`.
 * As in PHP, `today`/`tomorrow`/`midnight`/weekday names reset the time to 00:00 when they come
 * after a time (`9am tomorrow` = tomorrow 00:00, `tomorrow 9am` = tomorrow 09:00); a date without
 * a time is midnight; relative days/months apply to the wall date (Jan 31 + 1 month = Mar 3) and
 * relative hours/minutes/seconds are elapsed time. Two dates, two times or two zones are invalid.
 * Unlike PHP, a date outside MySQL `DATETIME`'s years 1000–9999 (as written, and as a UTC instant) is
 * invalid too: `+300000 years`, `now -999999999 days`, year 0 or 10000, `@99999999999999` (issue #13).
 */
import { EventZone, abbreviationOffset, instantToWall, wallToInstant } from './time-zones';
import { WallTime, isStorableInstant, isStorableWall, msToWall, normalizeWall, wallToMs, weekday } from './wall-time';

export interface ParsedDate {
  /** The instant. */
  instant: number;
  /** Wall time as written (or evaluated) in the input's own zone: its offset, UTC for timestamps, else the parse zone. */
  written: WallTime;
  /** The input carried its own zone (offset, `Z`, timestamp), so it denotes an instant. */
  ownZone: boolean;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
type Unit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';
const UNITS: Record<string, [Unit, number]> = {
  sec: ['second', 1],
  secs: ['second', 1],
  second: ['second', 1],
  seconds: ['second', 1],
  min: ['minute', 1],
  mins: ['minute', 1],
  minute: ['minute', 1],
  minutes: ['minute', 1],
  hour: ['hour', 1],
  hours: ['hour', 1],
  day: ['day', 1],
  days: ['day', 1],
  week: ['day', 7],
  weeks: ['day', 7],
  fortnight: ['day', 14],
  fortnights: ['day', 14],
  month: ['month', 1],
  months: ['month', 1],
  year: ['year', 1],
  years: ['year', 1],
};

const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const UNIT = '(sec(?:ond)?s?|min(?:ute)?s?|hours?|days?|weeks?|fortnights?|months?|years?)';
const WEEKDAY = '(sun(?:day)?|mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?)';
const MERIDIAN = '\\s*([ap])\\.?m\\.?(?![a-z])';
const END = '(?![a-z0-9])';
const TIME_END = '(?![0-9])';

interface State {
  date?: { year?: number; month: number; day: number };
  time?: { hour: number; minute: number; second: number };
  timeTokens: number;
  offset?: number;
  relative: Record<Unit, number>;
  weekday?: { day: number; behavior: 'this' | 'next' | 'last' };
  dayOf?: 'first' | 'last';
}

type Rule = [RegExp, (m: RegExpExecArray, s: State) => boolean];

const rx = (source: string) => new RegExp(`^(?:${source})`, 'i');
const setDate = (s: State, year: number | undefined, month: number, day: number) => {
  if (s.date || month < 1 || month > 12 || day < 0 || day > 31) return false;
  s.date = { year, month, day };
  return true;
};
const setTime = (s: State, hour: number, minute: number, second: number) => {
  if (s.timeTokens > 0 || hour > 24 || minute > 59 || second > 60) return false;
  s.time = { hour, minute, second };
  s.timeTokens++;
  return true;
};
const resetTime = (s: State, hour = 0) => {
  s.time = { hour, minute: 0, second: 0 };
  return true;
};
const meridianHour = (hour: number, meridian: string) => (hour > 12 || hour === 0 ? -1 : (hour % 12) + (meridian.toLowerCase() === 'p' ? 12 : 0));
const year2 = (y: string) => (y.length === 2 ? (Number(y) < 70 ? 2000 : 1900) + Number(y) : Number(y));
const setOffset = (s: State, seconds: number) => {
  if (s.offset !== undefined) return false;
  s.offset = seconds;
  return true;
};
const addRelative = (s: State, unitWord: string, amount: number) => {
  const [unit, factor] = UNITS[unitWord.toLowerCase()];
  s.relative[unit] += amount * factor;
  return true;
};
const setWeekday = (s: State, word: string, behavior: 'this' | 'next' | 'last') => {
  if (s.weekday) return false;
  s.weekday = { day: WEEKDAYS[word.toLowerCase().replace(/\.$/, '')], behavior };
  return resetTime(s);
};

const RULES: Rule[] = [
  // Dates
  [rx(`(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})(?:t(?=\\d))?`), (m, s) => setDate(s, Number(m[1]), Number(m[2]), Number(m[3]))],
  [rx(`(\\d{1,2})/(\\d{1,2})/(\\d{4}|\\d{2})${END}`), (m, s) => setDate(s, year2(m[3]), Number(m[1]), Number(m[2]))],
  [rx(`(\\d{1,2})/(\\d{1,2})${END}`), (m, s) => setDate(s, undefined, Number(m[1]), Number(m[2]))],
  [rx(`(\\d{1,2})[-.](\\d{1,2})[-.](\\d{4})${END}`), (m, s) => setDate(s, Number(m[3]), Number(m[2]), Number(m[1]))],
  [
    rx(`(\\d{1,2})(?:st|nd|rd|th)?[ \\-.]*${MONTH}(?:[ \\-.,]*(\\d{4}))?${END}`),
    (m, s) => setDate(s, m[3] ? Number(m[3]) : undefined, MONTHS[m[2].toLowerCase()], Number(m[1])),
  ],
  [
    rx(`${MONTH}[ \\-.]*(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s*(\\d{4}))?${END}`),
    (m, s) => setDate(s, m[3] ? Number(m[3]) : undefined, MONTHS[m[1].toLowerCase()], Number(m[2])),
  ],
  [rx(`${MONTH}[ \\-.,]*(\\d{4})${END}`), (m, s) => setDate(s, Number(m[2]), MONTHS[m[1].toLowerCase()], 1)],
  // Times
  [
    rx(`(\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:[.,:]\\d+)?${MERIDIAN}`),
    (m, s) => {
      const hour = meridianHour(Number(m[1]), m[4]);
      return hour >= 0 && setTime(s, hour, Number(m[2]), Number(m[3] ?? 0));
    },
  ],
  [
    rx(`(\\d{1,2})${MERIDIAN}`),
    (m, s) => {
      const hour = meridianHour(Number(m[1]), m[2]);
      return hour >= 0 && setTime(s, hour, 0, 0);
    },
  ],
  [rx(`(\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:[.,]\\d+)?${TIME_END}`), (m, s) => setTime(s, Number(m[1]), Number(m[2]), Number(m[3] ?? 0))],
  // Relative amounts (before offsets: "+5 days" is relative, "+05:00" an offset)
  [rx(`([+-]?)\\s*(\\d+)\\s*${UNIT}${END}`), (m, s) => addRelative(s, m[3], (m[1] === '-' ? -1 : 1) * Number(m[2]))],
  // Zones
  [
    rx(`(?:gmt|utc)?([+-])(\\d{1,2})(?::?(\\d{2}))?${END}`),
    (m, s) => {
      const minutes = Number(m[3] ?? 0);
      if (minutes > 59 || Number(m[2]) > 14) return false;
      return setOffset(s, (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + minutes * 60));
    },
  ],
  [rx(`(z|utc|gmt)${END}`), (_m, s) => setOffset(s, 0)],
  // Keywords
  [rx(`now${END}`), () => true],
  [rx(`(today|midnight)${END}`), (_m, s) => resetTime(s)],
  [rx(`noon${END}`), (_m, s) => resetTime(s, 12)],
  [rx(`tomorrow${END}`), (_m, s) => addRelative(s, 'day', 1) && resetTime(s)],
  [rx(`yesterday${END}`), (_m, s) => addRelative(s, 'day', -1) && resetTime(s)],
  [
    rx(`(first|last) day of${END}`),
    (m, s) => {
      if (s.dayOf) return false;
      s.dayOf = m[1].toLowerCase() as 'first' | 'last';
      return true;
    },
  ],
  [
    rx(`(next|last|previous|this)\\s+${WEEKDAY}${END}`),
    (m, s) => {
      const word = m[1].toLowerCase();
      return setWeekday(s, m[2], word === 'this' ? 'this' : word === 'next' ? 'next' : 'last');
    },
  ],
  [
    rx(`(next|last|previous|this)\\s+${UNIT}${END}`),
    (m, s) => {
      const word = m[1].toLowerCase();
      return addRelative(s, m[2], word === 'this' ? 0 : word === 'next' ? 1 : -1);
    },
  ],
  [rx(`${WEEKDAY}${END}`), (m, s) => setWeekday(s, m[1], 'this')],
  [
    rx(`ago${END}`),
    (_m, s) => {
      for (const unit of Object.keys(s.relative) as Unit[]) s.relative[unit] = -s.relative[unit];
      return true;
    },
  ],
];

/** PHP `is_numeric()`. */
export function isNumericString(value: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(value);
}

function tokenize(input: string): State | null {
  const state: State = { timeTokens: 0, relative: { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 } };
  let rest = input.trim();
  while (rest !== '') {
    rest = rest.replace(/^[\s,]+/, '');
    if (rest === '') break;
    let matched = false;
    for (const [pattern, apply] of RULES) {
      const m = pattern.exec(rest);
      if (!m) continue;
      if (!apply(m, state)) return null;
      rest = rest.slice(m[0].length);
      matched = true;
      break;
    }
    if (!matched) {
      const word = /^[a-z]+/i.exec(rest);
      const offset = word ? abbreviationOffset(word[0]) : undefined;
      if (!word || offset === undefined || !setOffset(state, offset)) return null;
      rest = rest.slice(word[0].length);
    }
  }
  return state;
}

/** Date's own range (±8.64e15 ms) less the day wallToInstant probes on either side: beyond it zone conversions throw. */
const CONVERTIBLE_MS = 8.64e15 - 2 * 86_400_000;

function resolve(state: State, zone: EventZone, now: number): ParsedDate | null {
  const parseZone: EventZone = state.offset === undefined ? zone : { kind: 'fixed', offsetSeconds: state.offset, abbreviation: '', input: '' };
  const base = instantToWall(parseZone, now);
  let wall: WallTime = { ...base };
  if (state.date) {
    wall = { ...wall, year: state.date.year ?? base.year, month: state.date.month, day: state.date.day };
    if (!state.time) wall = { ...wall, hour: 0, minute: 0, second: 0 };
  }
  if (state.time) wall = { ...wall, ...state.time };
  const r = state.relative;
  wall = normalizeWall({ ...wall, year: wall.year + r.year, month: wall.month + r.month, day: wall.day + r.day });
  if (state.dayOf === 'first') wall = { ...wall, day: 1 };
  if (state.dayOf === 'last') wall = normalizeWall({ ...wall, month: wall.month + 1, day: 0 });
  if (state.weekday) {
    const current = weekday(wall);
    const target = state.weekday.day;
    let delta = (target - current + 7) % 7;
    if (state.weekday.behavior === 'next' && delta === 0) delta = 7;
    if (state.weekday.behavior === 'last') delta = delta === 0 ? -7 : delta - 7;
    wall = normalizeWall({ ...wall, day: wall.day + delta });
  }
  if (!(Math.abs(wallToMs(wall)) <= CONVERTIBLE_MS)) return null;
  const instant = wallToInstant(parseZone, wall) + (r.hour * 3600 + r.minute * 60 + r.second) * 1000;
  if (!isStorableInstant(instant)) return null;
  // A wall time a DST change skips stays as written (02:30), though its instant reads 03:30.
  const relative = r.hour !== 0 || r.minute !== 0 || r.second !== 0;
  return { instant, written: relative ? instantToWall(parseZone, instant) : wall, ownZone: state.offset !== undefined };
}

/** A Unix timestamp (seconds) as an instant written in UTC. */
function timestamp(seconds: number): ParsedDate | null {
  const instant = seconds * 1000;
  return isStorableInstant(instant) ? { instant, written: msToWall(instant), ownZone: true } : null;
}

/**
 * Parses a date input. Relative parts are evaluated against `now` in `zone` (the event's or
 * the site's time zone) unless the input names its own zone. Returns null when PHP would not parse it,
 * or when the date, as written or as a UTC instant, lies outside the storable years 1000–9999.
 */
export function parseDateInput(input: string | number, zone: EventZone, now: number): ParsedDate | null {
  const parsed = parseAnyDate(input, zone, now);
  return parsed && isStorableWall(parsed.written) ? parsed : null;
}

function parseAnyDate(input: string | number, zone: EventZone, now: number): ParsedDate | null {
  if (typeof input === 'string' && input.trim() === '') return null;
  if (typeof input === 'number' || isNumericString(input)) return timestamp(Math.trunc(Number(input)));
  const at = /^\s*@([+-]?\d+)(?:\.\d+)?\s*$/.exec(input);
  if (at) return timestamp(Number(at[1]));
  const state = tokenize(input);
  return state ? resolve(state, zone, now) : null;
}

const UTC_FIXED: EventZone = { kind: 'fixed', offsetSeconds: 0, abbreviation: 'UTC', input: 'UTC' };

/** Validation rule "is_time" (tribe-common `Validator/Base.php`): a number or a parsable string. */
export function isTimeInput(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string' || value.trim() === '') return false;
  return parseDateInput(value, UTC_FIXED, Date.now()) !== null;
}
