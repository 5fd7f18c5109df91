/**
 * Expansion by the `rrule` library in floating wall time: the rule runs on the event's wall clock
 * (so 10:00 stays 10:00 across DST, as RFC 5545 expands local times), and src/dates turns each
 * wall time into UTC exactly as it does for every stored event date.
 *
 * Bounded work: the library steps period by period (hour, day, week, month or year of the rule's
 * FREQ) and only stops on a date it finds, on COUNT, or past the year 9999, so a rule whose dates
 * are rare would search for seconds and one that has none until 9999. Every search here is limited
 * to the periods that cover the window asked for, and never more than MAX_SEARCH_PERIODS.
 */
import { LRUCache } from 'lru-cache';
import { RRule, rrulestr } from 'rrule';
import { WallTime, parseStoredWall, wallToMs } from '../dates';
import { MAX_SEARCH_PERIODS } from './limits';
import { compactWall, wallOfFloating } from './walls';

/** What a bounded search found. */
export interface RuleSearch {
  /** The rule's starts (`YYYY-MM-DD HH:MM:SS`) from the first event's, at most `cap`, none after `last`. */
  starts: string[];
  /** False when MAX_SEARCH_PERIODS ran out before the window was covered: starts up to `last` may be missing. */
  complete: boolean;
  /** The periods of FREQ the library stepped through (the work done), at most MAX_SEARCH_PERIODS. */
  periods: number;
}

/** Thrown out of the library by the period counter; nothing is left half-done (a search keeps no state). */
class OutOfPeriods extends Error {}

const HOUR_MS = 3_600_000;
const PERIOD_MS: Record<string, number> = { HOURLY: HOUR_MS, DAILY: 24 * HOUR_MS, WEEKLY: 7 * 24 * HOUR_MS };

/** How many periods of `freq` (every `interval`th) reach from `start` to `last`, with one to spare each side. */
export function periodsBetween(freq: string, interval: number, start: WallTime, last: WallTime): number {
  const months = (last.year - start.year) * 12 + last.month - start.month;
  const units = freq === 'YEARLY' ? last.year - start.year : freq === 'MONTHLY' ? months : Math.ceil((wallToMs(last) - wallToMs(start)) / PERIOD_MS[freq]);
  return Math.floor(Math.max(0, units) / interval) + 2;
}

/**
 * Counts the periods the library steps through and stops it after `max`. Its one per-period hook is
 * the read of `options.interval` (checked, then stepped by: two reads a period, found or not), so
 * the property becomes a counting getter (rrule 2.8.1, as locked; test/unit/recurrence/bounds.spec.ts
 * fails if a new version stops reading it so).
 */
function limitPeriods(rule: RRule, max: number): () => number {
  const options = rule.options as { interval: number };
  const interval = options.interval;
  let reads = 0;
  Object.defineProperty(options, 'interval', {
    get: () => {
      if (reads >= 2 * max) throw new OutOfPeriods();
      reads++;
      return interval;
    },
  });
  return () => Math.ceil(reads / 2);
}

/**
 * Searches that stepped through many periods, by their arguments: a stored rule whose dates are rare
 * is read again by every page, feed and word of it (issue #30: reads never re-search it). At most 64
 * of at most 2,001 starts each.
 */
const COSTLY_PERIODS = 1000;
const costly = new LRUCache<string, RuleSearch>({ max: 64 });

/**
 * The rule's start wall times from `start` (its first event), none after `last`, at most `cap` of
 * them, in at most MAX_SEARCH_PERIODS periods. UNTIL is applied by the caller as an instant; COUNT
 * stays in `parts`. The parts must have passed readRuleParts and the start checks of parseRecurrence
 * (an HOURLY rule whose BYHOUR misses the start's hour would loop inside the library).
 */
export function ruleStarts(parts: Map<string, string>, start: string, last: string, cap: number): RuleSearch {
  const text = [...parts].filter(([name]) => name !== 'UNTIL').map(([name, value]) => `${name}=${value}`);
  const key = `${text.join(';')}|${start}|${last}|${cap}`;
  const kept = costly.get(key);
  if (kept) return { ...kept, starts: [...kept.starts] };
  const found = search(text, start, last, cap);
  if (found.periods >= COSTLY_PERIODS) costly.set(key, { ...found, starts: [...found.starts] });
  return found;
}

function search(text: string[], start: string, last: string, cap: number): RuleSearch {
  const parts = new Map(text.map((part) => part.split('=') as [string, string]));
  // One RRULE without a zone: the library gives an RRule (a set only for several rules or dates).
  const rule = rrulestr(`DTSTART:${compactWall(start)}\nRRULE:${text.join(';')}`) as RRule;
  const needed = periodsBetween(parts.get('FREQ') as string, Number(parts.get('INTERVAL') ?? 1), parseStoredWall(start)!, parseStoredWall(last)!);
  const periods = limitPeriods(rule, Math.min(needed, MAX_SEARCH_PERIODS));
  const starts: string[] = [];
  try {
    rule.all((date) => {
      const wall = wallOfFloating(date);
      if (wall > last) return false;
      starts.push(wall);
      return starts.length < cap;
    });
  } catch (error) {
    if (!(error instanceof OutOfPeriods)) throw error;
    return { starts, complete: needed <= MAX_SEARCH_PERIODS, periods: periods() };
  }
  return { starts, complete: true, periods: periods() };
}
