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

/** ISO weekday of a wall date: 0 = Sunday … 6 = Saturday (like PHP `w`). */
export function weekday(w: WallTime): number {
  return new Date(wallToMs({ ...w, hour: 0, minute: 0, second: 0 })).getUTCDay();
}
