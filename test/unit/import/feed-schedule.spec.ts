import { DISABLE_AFTER_MS, failureOf, MAX_BACKOFF_MS } from '../../../src/import/feeds/feed-schedule';

const MINUTE = 60_000;
const NOW = Date.UTC(2030, 0, 1);

describe('a failing feed’s schedule (failureOf)', () => {
  it('doubles the interval per failure in a row, at most a day', () => {
    const next = (failures: number, intervalMinutes = 15) => failureOf({ failures, failingSince: NOW, intervalMinutes }, 'why', NOW).nextRunAt - NOW;
    expect([0, 1, 2, 3].map((failures) => next(failures) / MINUTE)).toEqual([30, 60, 120, 240]);
    expect(next(10)).toBe(MAX_BACKOFF_MS);
    expect(next(1000)).toBe(MAX_BACKOFF_MS);
    expect(next(0, 7 * 24 * 60)).toBe(MAX_BACKOFF_MS);
  });

  it('remembers when the failures began and disables the feed once they have lasted a week', () => {
    const first = failureOf({ failures: 0, failingSince: null, intervalMinutes: 60 }, 'The URL answered HTTP 500.', NOW);
    expect(first).toMatchObject({ error: 'The URL answered HTTP 500.', failingSince: NOW, disabledReason: null });
    const almost = failureOf({ failures: 40, failingSince: NOW - DISABLE_AFTER_MS + 1, intervalMinutes: 60 }, 'x', NOW);
    expect(almost.disabledReason).toBeNull();
    const week = failureOf({ failures: 41, failingSince: NOW - DISABLE_AFTER_MS, intervalMinutes: 60 }, 'x', NOW);
    expect(week.disabledReason).toBe('Failing for a week (42 runs in a row); enable it again once the feed answers.');
  });
});
