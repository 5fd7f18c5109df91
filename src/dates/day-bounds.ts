/**
 * Beginning/end of day with TEC's multi-day cutoff (formats.md §1.6): option `multiDayCutoff`
 * (`HH:MM`, default `00:00`) in `tribe_events_calendar_options`.
 */
import { WallTime, addDays, formatWall } from './wall-time';

export interface Cutoff {
  hour: number;
  minute: number;
}

/** Reads `multiDayCutoff`; anything unreadable is the default midnight. */
export function parseCutoff(value: unknown): Cutoff {
  const m = typeof value === 'string' ? /^\s*(\d{1,2}):(\d{2})/.exec(value) : null;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return { hour: 0, minute: 0 };
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** `D HH:MM:00` at the cutoff. Only the date part of `date` is used. */
export function beginningOfDay(date: WallTime, cutoff: Cutoff): string {
  return formatWall({ ...date, hour: cutoff.hour, minute: cutoff.minute, second: 0 });
}

/** (D + 1 day at the cutoff) − 1 second: `D 23:59:59`, or `D+1 05:59:59` for cutoff 06:00. */
export function endOfDay(date: WallTime, cutoff: Cutoff): string {
  const next = addDays({ ...date, hour: cutoff.hour, minute: cutoff.minute, second: 0 }, 1);
  return formatWall(addSeconds(next, -1));
}

function addSeconds(w: WallTime, seconds: number): WallTime {
  return addDays({ ...w, second: w.second + seconds }, 0);
}
