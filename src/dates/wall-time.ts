/**
 * Wall-clock date-times ("YYYY-MM-DD HH:MM:SS" without a zone), the format of every stored
 * event date. Arithmetic goes through Date.UTC, which overflows like PHP (Jan 31 + 1 month = Mar 3).
 */

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds of the wall time read as if it were UTC (a zone-free ordinal). */
export function wallToMs(w: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  date.setUTCHours(w.hour, w.minute, w.second, 0);
  return date.getTime();
}

export function msToWall(ms: number): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** Normalises overflowing fields (hour 25, day 32, month 13 …). */
export function normalizeWall(w: WallTime): WallTime {
  return msToWall(wallToMs(w));
}

export function formatWall(w: WallTime): string {
  const year = w.year < 0 ? `-${pad(-w.year, 4)}` : pad(w.year, 4);
  return `${year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const STORED = /^\s*(-?\d{4,})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?/;

/** Reads a stored `YYYY-MM-DD[ HH:MM[:SS]]` value; null when it is not one. */
export function parseStoredWall(value: string | null | undefined): WallTime | null {
  const m = value ? STORED.exec(value) : null;
  if (!m) return null;
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
}

export function addDays(w: WallTime, days: number): WallTime {
  return normalizeWall({ ...w, day: w.day + days });
}

/**
 * MySQL `DATETIME`'s range, years 1000–9999: every date the service stores or compares with stored
 * dates lies in it (a date outside it is an invalid parameter, never a stored `NaN` or a 500).
 */
const MIN_STORABLE = '1000-01-01 00:00:00';
const MAX_STORABLE = '9999-12-31 23:59:59';
const MIN_STORABLE_MS = Date.UTC(1000, 0, 1);
const MAX_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** An instant whose UTC date lies in the storable range. */
export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_STORABLE_MS && ms <= MAX_STORABLE_MS;
}

/** A real date-time (no field overflowing: no February 30, no hour 24) in the storable range. */
export function isStorableWall(w: WallTime): boolean {
  const fields = [w.year, w.month, w.day, w.hour, w.minute, w.second];
  return fields.every(Number.isInteger) && isStorableInstant(wallToMs(w)) && formatWall(normalizeWall(w)) === formatWall(w);
}

/** A computed `YYYY-MM-DD HH:MM:SS` (a list bound moved by a cutoff or a zone offset) pulled into the storable range. */
export function clampStorable(value: string): string {
  const ms = wallToMs(parseStoredWall(value) as WallTime);
  return ms < MIN_STORABLE_MS ? MIN_STORABLE : ms > MAX_STORABLE_MS ? MAX_STORABLE : value;
}

/** ISO weekday of a wall date: 0 = Sunday … 6 = Saturday (like PHP `w`). */
export function weekday(w: WallTime): number {
  return new Date(wallToMs({ ...w, hour: 0, minute: 0, second: 0 })).getUTCDay();
}
