/**
 * Event and site time zones (formats.md §1.2, §1.3, §1.5; Quirk Q67).
 *
 * Accepted inputs, in PHP's lookup order:
 *  1. TEC offset strings: start with `UTC` and are longer than three characters. The project only
 *     accepts numeric forms (`UTC+2`, `UTC-5`, `UTC+5.5`, `UTC+05:30`, `UTC+0530`, at most ±14 h;
 *     OQ-13) and treats them as fixed offsets without daylight saving time (Q67, DEVIATE).
 *     Abbreviation: the string itself.
 *  2. PHP offset zones: `+02:00`, `+0200`, `+2`, `-05`, also behind `GMT` (`GMT+2`); fixed offsets,
 *     abbreviation `GMT+0200` (live install).
 *  3. PHP time-zone abbreviations (`EST`, `cest`, …; PHP looks these up before identifiers): fixed
 *     offsets, abbreviation upper-cased. Only a common, unambiguous subset of PHP's table is known.
 *  4. tz database identifiers incl. aliases, case-insensitive (`europe/paris`); converted with ICU.
 * Anything else is invalid (`Mars/Base`, `UTC+abc`).
 */
import { WallTime, msToWall, wallToMs } from './wall-time';
import { ZONE_RULES } from './zone-data';

export type EventZone = { kind: 'iana'; name: string; input: string } | { kind: 'fixed'; offsetSeconds: number; abbreviation: string; input: string };

const MAX_OFFSET = 14 * 3600;

/** PHP abbreviation → effective UTC offset in hours (timelib's timezonemap, common entries). */
const PHP_ABBREVIATIONS: Record<string, number> = {
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
  akst: -9,
  akdt: -8,
  hst: -10,
  hdt: -9,
  ast: -4,
  adt: -3,
  nst: -3.5,
  ndt: -2.5,
  gmt: 0,
  uct: 0,
  wet: 0,
  west: 1,
  bst: 1,
  cet: 1,
  cest: 2,
  met: 1,
  mest: 2,
  eet: 2,
  eest: 3,
  msk: 3,
  sast: 2,
  wat: 1,
  cat: 2,
  eat: 3,
  pkt: 5,
  wib: 7,
  wita: 8,
  wit: 9,
  hkt: 8,
  jst: 9,
  kst: 9,
  awst: 8,
  acst: 9.5,
  acdt: 10.5,
  aest: 10,
  aedt: 11,
  nzst: 12,
  nzdt: 13,
  chst: 10,
};

interface ZoneRule {
  name: string;
  /** UTC offset in seconds → abbreviation, from the zone's current POSIX rule. */
  abbreviations: Map<number, string>;
}

/** Parses `[+-]H[:MM]` POSIX offsets (POSIX signs are inverted: `EST5` is UTC−5). */
function posixOffset(text: string): number {
  const m = /^([+-]?)(\d+)(?::(\d+))?(?::(\d+))?$/.exec(text);
  if (!m) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? seconds : -seconds;
}

function parsePosixRule(rule: string): Map<number, string> {
  const abbreviations = new Map<number, string>();
  const m = /^(<[^>]+>|[A-Za-z]+)([+-]?[\d:]+)(?:(<[^>]+>|[A-Za-z]+)([+-]?[\d:]+)?)?/.exec(rule);
  if (!m) return abbreviations;
  const name = (abbr: string) => abbr.replace(/^<|>$/g, '');
  const std = posixOffset(m[2]);
  abbreviations.set(std, name(m[1]));
  if (m[3]) {
    const dst = m[4] ? posixOffset(m[4]) : std + 3600;
    if (!abbreviations.has(dst)) abbreviations.set(dst, name(m[3]));
  }
  return abbreviations;
}

const ZONES = new Map<string, ZoneRule>();
for (const [rule, names] of Object.entries(ZONE_RULES)) {
  const abbreviations = parsePosixRule(rule);
  for (const name of names.split(' ')) ZONES.set(name.toLowerCase(), { name, abbreviations });
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(name: string): Intl.DateTimeFormat | null {
  let f = formatters.get(name);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      return null;
    }
    formatters.set(name, f);
  }
  return f;
}

/** `UTC+2`, `UTC-5.5`, `UTC+05:30`, `UTC+0530` → seconds; null when not numeric or out of range. */
function tecOffsetSeconds(value: string): number | null {
  const m = /^UTC([+-])(?:(\d{1,2}(?:\.\d+)?)|(\d{1,2}):(\d{2})|(\d{2})(\d{2}))$/.exec(value);
  if (!m) return null;
  let seconds: number;
  if (m[2] !== undefined) {
    seconds = Math.round(Number(m[2]) * 3600);
  } else {
    const minutes = Number(m[4] ?? m[6]);
    if (minutes >= 60) return null;
    seconds = Number(m[3] ?? m[5]) * 3600 + minutes * 60;
  }
  if (seconds > MAX_OFFSET) return null;
  return m[1] === '-' ? -seconds : seconds;
}

/** PHP offset zones (`+02:00`, `+0530`, `-5`, `GMT+2`; timelib skips an upper-case `GMT` before a sign). */
function phpOffsetSeconds(value: string): number | null {
  const m = /^(?:GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[3] ?? 0);
  const seconds = Number(m[2]) * 3600 + minutes * 60;
  if (minutes >= 60 || seconds > MAX_OFFSET) return null;
  return m[1] === '-' ? -seconds : seconds;
}

function gmtAbbreviation(seconds: number): string {
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `GMT${seconds < 0 ? '-' : '+'}${hh}${mm}`;
}

/** tz-database style numeric abbreviation (`+04`, `+0530`, `-03`). */
function numericAbbreviation(seconds: number): string {
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const minutes = Math.floor((abs % 3600) / 60);
  return `${seconds < 0 ? '-' : '+'}${hh}${minutes ? String(minutes).padStart(2, '0') : ''}`;
}

/** Effective offset (seconds) of a PHP time-zone abbreviation (`EST`, `cest`), or undefined. */
export function abbreviationOffset(word: string): number | undefined {
  const hours = PHP_ABBREVIATIONS[word.toLowerCase()];
  return hours === undefined ? undefined : Math.round(hours * 3600);
}

/** Resolves a time-zone string (already known to be non-empty); null when it is not accepted. */
export function resolveZone(input: string): EventZone | null {
  if (input.startsWith('UTC') && input.length > 3) {
    const seconds = tecOffsetSeconds(input);
    return seconds === null ? null : { kind: 'fixed', offsetSeconds: seconds, abbreviation: input, input };
  }
  const offset = phpOffsetSeconds(input);
  if (offset !== null) return { kind: 'fixed', offsetSeconds: offset, abbreviation: gmtAbbreviation(offset), input };
  const abbreviated = abbreviationOffset(input);
  if (abbreviated !== undefined) return { kind: 'fixed', offsetSeconds: abbreviated, abbreviation: input.toUpperCase(), input };
  const zone = ZONES.get(input.toLowerCase());
  if (!zone || !formatter(zone.name)) return null;
  return { kind: 'iana', name: zone.name, input };
}

/** formats.md §1.3: empty/absent is valid (site zone); otherwise the value must resolve. */
export function isValidTimezoneInput(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'string' && resolveZone(value) !== null);
}

/** The zone for `value`, else for `fallback` (the site zone), else UTC. */
export function zoneOrFallback(value: string | null | undefined, fallback?: string | null): EventZone {
  return (value ? resolveZone(value) : null) ?? (fallback ? resolveZone(fallback) : null) ?? UTC_ZONE;
}

export const UTC_ZONE: EventZone = { kind: 'iana', name: 'UTC', input: 'UTC' };

/** Offsets are remembered per zone and quarter hour: no zone changes its offset twice within one. */
const BUCKET_MS = 15 * 60_000;
const MAX_BUCKETS = 20_000;
/** `zone\nbucket` → the offset all through the bucket, or null when a transition falls inside it. */
const bucketOffsets = new Map<string, number | null>();

/**
 * UTC offset (seconds) of the zone at an instant. Intl's formatToParts costs tens of microseconds and
 * requests ask for "now" in the site zone over and over, so the offset of a quarter hour whose two
 * ends agree is kept (no transition can then fall inside it); a quarter hour holding a transition is
 * computed exactly every time.
 */
export function zoneOffsetAt(zone: EventZone, instantMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetSeconds;
  const bucket = Math.floor(instantMs / BUCKET_MS);
  const key = `${zone.name}\n${bucket}`;
  let offset = bucketOffsets.get(key);
  if (offset === undefined) {
    const first = exactOffset(zone.name, bucket * BUCKET_MS);
    offset = first === exactOffset(zone.name, (bucket + 1) * BUCKET_MS - 1000) ? first : null;
    if (bucketOffsets.size >= MAX_BUCKETS) bucketOffsets.clear();
    bucketOffsets.set(key, offset);
  }
  return offset ?? exactOffset(zone.name, instantMs);
}

function exactOffset(zoneName: string, instantMs: number): number {
  const f = formatter(zoneName) as Intl.DateTimeFormat;
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(instantMs))) parts[p.type] = p.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
  const truncated = Math.floor(instantMs / 1000) * 1000;
  return Math.round((wallToMs(wall) - truncated) / 1000);
}

/** Wall-clock time of an instant in the zone. */
export function instantToWall(zone: EventZone, instantMs: number): WallTime {
  return msToWall(instantMs + zoneOffsetAt(zone, instantMs) * 1000);
}

/**
 * Instant of a wall-clock time in the zone, like PHP's DateTime: a time skipped by a DST change
 * uses the offset before the change (02:30 → 03:30 daylight time); a repeated time takes the
 * earlier instant.
 */
export function wallToInstant(zone: EventZone, wall: WallTime): number {
  const local = wallToMs(wall);
  if (zone.kind === 'fixed') return local - zone.offsetSeconds * 1000;
  const day = 86_400_000;
  const before = zoneOffsetAt(zone, local - day);
  const after = zoneOffsetAt(zone, local + day);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * 1000)
    .filter((instant) => zoneOffsetAt(zone, instant) * 1000 === local - instant)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? candidates[0] : local - before * 1000;
}

/** The abbreviation PHP prints (`format('T')`) for the zone at an instant. */
export function zoneAbbreviation(zone: EventZone, instantMs: number): string {
  if (zone.kind === 'fixed') return zone.abbreviation;
  const offset = zoneOffsetAt(zone, instantMs);
  return ZONES.get(zone.name.toLowerCase())?.abbreviations.get(offset) ?? numericAbbreviation(offset);
}

/** True when the zone is UTC itself or a fixed zero offset (`UTC+0`, `GMT`). */
export function isUtcZone(zone: EventZone): boolean {
  if (zone.kind === 'fixed') return zone.offsetSeconds === 0;
  return [
    'utc',
    'etc/utc',
    'etc/uct',
    'uct',
    'universal',
    'etc/universal',
    'zulu',
    'etc/zulu',
    'gmt',
    'etc/gmt',
    'gmt0',
    'gmt+0',
    'gmt-0',
    'etc/gmt0',
    'etc/gmt+0',
    'etc/gmt-0',
    'greenwich',
    'etc/greenwich',
  ].includes(zone.name.toLowerCase());
}
