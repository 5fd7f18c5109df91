import { isValidTimezoneInput, resolveZone, siteTimezone, wallToInstant, zoneAbbreviation, zoneOffsetAt, instantToWall, EventZone } from '../../../src/dates';

const zone = (name: string) => resolveZone(name) as EventZone;
const at = (iso: string) => Date.parse(iso);
const JAN = at('2027-01-15T12:00:00Z');
const JUL = at('2027-07-15T12:00:00Z');

describe('siteTimezone (formats.md §1.2)', () => {
  it('uses timezone_string when set', () => {
    expect(siteTimezone({ timezone_string: 'Europe/Paris', gmt_offset: '2' })).toBe('Europe/Paris');
  });
  it('derives UTC±N from gmt_offset, printing the number as stored', () => {
    expect(siteTimezone({ timezone_string: '', gmt_offset: '0' })).toBe('UTC+0');
    expect(siteTimezone({ timezone_string: '', gmt_offset: '-5' })).toBe('UTC-5');
    expect(siteTimezone({ timezone_string: '', gmt_offset: 5.5 })).toBe('UTC+5.5');
    expect(siteTimezone({ timezone_string: '', gmt_offset: '5.75' })).toBe('UTC+5.75');
    expect(siteTimezone({})).toBe('UTC+0');
  });
});

describe('time-zone input validation (formats.md §1.3, OQ-13)', () => {
  it.each([
    'America/New_York',
    'europe/paris',
    'EST',
    'Etc/GMT-2',
    'GMT+2',
    '+02:00',
    '+0530',
    '-5',
    'UTC',
    'utc',
    'US/Eastern',
    'Asia/Calcutta',
    'UTC+2',
    'UTC-5',
    'UTC+5.5',
    'UTC+05:30',
    'UTC+0',
    'UTC-0',
    'UTC+0.0',
    'CEST',
    '',
  ])('accepts %j', (value) => {
    expect(isValidTimezoneInput(value)).toBe(true);
  });
  it.each(['Mars/Base', 'UTC+abc', 'utc+3', 'UTC+123456', 'UTC+15', 'UTC+5:75', 'Foo', 'PST8PDTX', 'SystemV/EST5', '+25:00', 42])('rejects %j', (value) => {
    expect(isValidTimezoneInput(value)).toBe(false);
  });
  it('accepts absent values (site zone)', () => {
    expect(isValidTimezoneInput(undefined)).toBe(true);
    expect(isValidTimezoneInput(null)).toBe(true);
  });
});

describe('abbreviations like PHP (formats.md §1.5, step 5)', () => {
  it.each([
    ['America/New_York', JAN, 'EST'],
    ['America/New_York', JUL, 'EDT'],
    ['europe/paris', JAN, 'CET'],
    ['Europe/Paris', JUL, 'CEST'],
    ['Europe/London', JAN, 'GMT'],
    ['Europe/London', JUL, 'BST'],
    ['Europe/Dublin', JUL, 'IST'],
    ['Asia/Dubai', JAN, '+04'],
    ['Etc/GMT-2', JAN, '+02'],
    ['Asia/Kathmandu', JAN, '+0545'],
    ['America/Sao_Paulo', JAN, '-03'],
    ['Asia/Tokyo', JAN, 'JST'],
    ['Asia/Kolkata', JAN, 'IST'],
    ['Australia/Sydney', JAN, 'AEDT'],
    ['UTC', JAN, 'UTC'],
    ['+02:00', JAN, 'GMT+0200'],
    ['GMT+2', JAN, 'GMT+0200'],
    ['-05:30', JAN, 'GMT-0530'],
    ['UTC+2', JUL, 'UTC+2'],
    ['UTC+05:30', JUL, 'UTC+05:30'],
    ['EST', JUL, 'EST'],
    ['cest', JAN, 'CEST'],
  ])('%s → %s', (name, instant, expected) => {
    expect(zoneAbbreviation(zone(name), instant)).toBe(expected);
  });
});

describe('offsets and conversions', () => {
  it('uses the IANA rules of the date', () => {
    expect(zoneOffsetAt(zone('America/New_York'), JAN)).toBe(-5 * 3600);
    expect(zoneOffsetAt(zone('America/New_York'), JUL)).toBe(-4 * 3600);
  });
  it('treats UTC±N as fixed offsets without DST (Q67)', () => {
    for (const instant of [JAN, JUL]) {
      expect(zoneOffsetAt(zone('UTC+2'), instant)).toBe(7200);
      expect(zoneOffsetAt(zone('UTC-5'), instant)).toBe(-18000);
      expect(zoneOffsetAt(zone('UTC+5.5'), instant)).toBe(19800);
      expect(zoneOffsetAt(zone('UTC+05:30'), instant)).toBe(19800);
      expect(zoneOffsetAt(zone('UTC-9.5'), instant)).toBe(-34200);
      expect(zoneOffsetAt(zone('UTC+0'), instant)).toBe(0);
    }
  });
  it('treats PHP abbreviations as fixed offsets', () => {
    expect(zoneOffsetAt(zone('EST'), JUL)).toBe(-18000);
    expect(zoneOffsetAt(zone('EDT'), JAN)).toBe(-14400);
  });
  it('moves a wall time skipped by DST forward and takes the earlier of a repeated one (PHP DateTime)', () => {
    const ny = zone('America/New_York');
    const gap = wallToInstant(ny, { year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 });
    expect(new Date(gap).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(instantToWall(ny, gap)).toEqual({ year: 2027, month: 3, day: 14, hour: 3, minute: 30, second: 0 });
    const overlap = wallToInstant(ny, { year: 2027, month: 11, day: 7, hour: 1, minute: 30, second: 0 });
    expect(new Date(overlap).toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });
});

describe('UTC±N offsets of the Q67 table', () => {
  const OFFSETS = [
    -12, -11, -10.5, -10, -9.5, -9, -8, -7, -6, -5, -4.5, -4, -3.5, -3, -2, -1, 0, 0.5, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5, 5.5, 5.75, 6, 6.5, 7, 8, 8.5, 9, 9.5, 10,
    10.5, 11, 11.5, 12, 12.75, 13, 14,
  ];
  it.each(OFFSETS)('UTC%s is accepted and converts as a fixed offset in every month', (hours) => {
    const name = `UTC${hours < 0 ? '' : '+'}${hours}`;
    expect(isValidTimezoneInput(name)).toBe(true);
    expect(zoneOffsetAt(zone(name), JAN)).toBe(Math.round(hours * 3600));
    expect(zoneOffsetAt(zone(name), JUL)).toBe(Math.round(hours * 3600));
    expect(zoneAbbreviation(zone(name), JUL)).toBe(name);
  });
  it('accepts UTC+0.0 and minute forms', () => {
    expect(zoneOffsetAt(zone('UTC+0.0'), JUL)).toBe(0);
    expect(zoneOffsetAt(zone('UTC-03:30'), JUL)).toBe(-12600);
    expect(zoneOffsetAt(zone('UTC+0545'), JUL)).toBe(20700);
  });
});
