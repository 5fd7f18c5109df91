/** How long a run holds its feed, when a failing feed is tried again, and when it is given up (docs/import.md "Subscriptions"). */
import { FeedFailure, FeedRow } from '../repository/import-feeds.repository';

/**
 * How long a claimed run holds its feed: no other instance runs it meanwhile. Longer than a run can
 * take (a 15 s fetch, then up to 10,000 events written one by one); a crashed run's lease expires.
 */
export const LEASE_MS = 3600_000;

/** The longest wait between two tries of a failing feed. */
export const MAX_BACKOFF_MS = 24 * 3600_000;
/** A feed failing for this long is disabled (as webhooks are after a run of failures). */
export const DISABLE_AFTER_MS = 7 * 24 * 3600_000;

/** The feed after one more failed run at `now`: the interval doubled per failure in a row, at most a day. */
export function failureOf(feed: Pick<FeedRow, 'failures' | 'failingSince' | 'intervalMinutes'>, error: string, now: number): FeedFailure {
  const failures = feed.failures + 1;
  const failingSince = feed.failingSince ?? now;
  const delay = Math.min(feed.intervalMinutes * 60_000 * 2 ** Math.min(failures, 20), MAX_BACKOFF_MS);
  const disabledReason =
    now - failingSince >= DISABLE_AFTER_MS ? `Failing for a week (${failures} runs in a row); enable it again once the feed answers.` : null;
  return { error, nextRunAt: now + delay, failingSince, disabledReason };
}
