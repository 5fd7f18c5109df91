import { CacheKey } from '../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../wordpress/post-types';

/**
 * The months an event list ordered by date is sensitive to, and the months an event's move spans
 * (docs/caching.md "What a write retires", docs/decisions.md "Lists retired by the months an event
 * moves across"). A write that changes an event's dates and nothing else the lists select by changes
 * such a list only if the span of the event's dates (before and after, every clock) holds one of the
 * list's window bounds — the event may enter or leave it — or meets the range of the list's page — the
 * event may enter, leave or cross it. Both sides name months (`YYYY-MM`), so a list and a write meet
 * whenever their dates do; a month too many only retires an answer that was still right.
 */

/** Months a write or a list names at most; a wider span is named by the broad key instead. */
export const MAX_LISTED_MONTHS = 24;

/**
 * A stored date (`YYYY-MM-DD HH:MM:SS`, month 01–12): only then does its text sort as its month does. A
 * month 00 (WordPress's zero date) or 13–99 sorts among other months' dates than its own: such a value
 * names no month, and its list or write the broad key.
 */
const STORED_DATE = /^(\d{4})-(0[1-9]|1[0-2])-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The `listedIn` keys of every month from the earliest to the latest of `dates`; undefined when one is
 * not a stored date, when there are none, or when they span more than MAX_LISTED_MONTHS.
 */
export function monthKeys(dates: readonly string[]): string[] | undefined {
  if (!dates.length || !dates.every((date) => STORED_DATE.test(date))) return undefined;
  const sorted = [...dates].sort();
  const [first, last] = [STORED_DATE.exec(sorted[0])!, STORED_DATE.exec(sorted[sorted.length - 1])!];
  const [fromYear, fromMonth] = [Number(first[1]), Number(first[2])];
  const count = (Number(last[1]) - fromYear) * 12 + Number(last[2]) - fromMonth + 1;
  if (count > MAX_LISTED_MONTHS) return undefined;
  return Array.from({ length: count }, (_, i) => {
    const index = fromYear * 12 + fromMonth - 1 + i;
    const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
    return CacheKey.listedIn(EVENT_POST_TYPE, month);
  });
}

/** The `listedIn` keys of each of `dates` alone (a list's window bounds); undefined as for monthKeys. */
export function monthKeysOf(dates: readonly string[]): string[] | undefined {
  const keys = new Set<string>();
  for (const date of dates) {
    const own = monthKeys([date]);
    if (!own) return undefined;
    for (const key of own) keys.add(key);
  }
  return [...keys];
}
