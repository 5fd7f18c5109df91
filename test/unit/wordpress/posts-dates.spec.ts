import { settleScheduledStatus } from '../../../src/wordpress/posts.store';
import { SiteClock } from '../../../src/wordpress/site-clock';

const NOW_MS = Date.UTC(2026, 10, 22, 5, 0, 0);

describe('post dates: the site clock and scheduled statuses', () => {
  it('reads "now" in the site zone, with PHP current_time("timestamp") for TEC bookkeeping', () => {
    expect(new SiteClock('UTC', () => NOW_MS).now()).toEqual({
      ms: NOW_MS,
      local: '2026-11-22 05:00:00',
      gmt: '2026-11-22 05:00:00',
      unix: NOW_MS / 1000,
      localUnix: NOW_MS / 1000,
    });
    const newYork = new SiteClock('America/New_York', () => NOW_MS).now();
    expect(newYork).toMatchObject({ local: '2026-11-22 00:00:00', gmt: '2026-11-22 05:00:00', localUnix: NOW_MS / 1000 - 5 * 3600 });
    expect(new SiteClock('UTC+5.5', () => NOW_MS).now().local).toBe('2026-11-22 10:30:00');
  });

  it('schedules publications a minute or more ahead and publishes scheduled ones that are due (WP core)', () => {
    expect(settleScheduledStatus('publish', '2026-11-22 05:01:00', NOW_MS)).toBe('future');
    expect(settleScheduledStatus('publish', '2026-11-22 05:00:59', NOW_MS)).toBe('publish');
    expect(settleScheduledStatus('future', '2020-01-01 00:00:00', NOW_MS)).toBe('publish');
    expect(settleScheduledStatus('future', '0000-00-00 00:00:00', NOW_MS)).toBe('publish');
    expect(settleScheduledStatus('future', '2099-01-01 00:00:00', NOW_MS)).toBe('future');
    expect(settleScheduledStatus('draft', '2099-01-01 00:00:00', NOW_MS)).toBe('draft');
  });
});
