import type { IncomingMessage } from 'node:http';
import { CacheablePaths, cacheSlotOf } from '../../../src/cache/cacheable-request';
import { AppConfig } from '../../../src/config/app-config';
import { validateEnvironment } from '../../../src/config/environment';

// The key changes at every local midnight of any UTC offset in use (whole quarter hours): an answer
// computed before a site's midnight ("yesterday", "today") is never served after it.
describe('the response cache key and the clock', () => {
  const config = new AppConfig(validateEnvironment({ DATABASE_URL: 'sqlite::memory:' }));
  const request = { method: 'GET', url: '/wp-json/tribe/events/v1/events', headers: { host: 'x.example' } } as unknown as IncomingMessage;
  const keyAt = (iso: string) => {
    jest.setSystemTime(new Date(iso));
    return cacheSlotOf(request, config, new CacheablePaths(), () => undefined)?.key;
  };

  beforeAll(() => jest.useFakeTimers());
  afterAll(() => jest.useRealTimers());

  it.each([
    ['Australia/Sydney (UTC+10) midnight', '2027-01-05T13:59:59Z', '2027-01-05T14:00:00Z'],
    ['Asia/Kolkata (UTC+5:30) midnight', '2027-01-05T18:29:59Z', '2027-01-05T18:30:00Z'],
    ['Asia/Kathmandu (UTC+5:45) midnight', '2027-01-05T18:14:59Z', '2027-01-05T18:15:00Z'],
    ['UTC midnight', '2027-01-05T23:59:59Z', '2027-01-06T00:00:00Z'],
  ])('differs across %s', (_zone, before, after) => {
    expect(keyAt(before)).toBeDefined();
    expect(keyAt(before)).not.toBe(keyAt(after));
  });

  it('stays the same within a quarter hour', () => {
    expect(keyAt('2027-01-05T14:00:00Z')).toBe(keyAt('2027-01-05T14:14:59Z'));
  });
});
