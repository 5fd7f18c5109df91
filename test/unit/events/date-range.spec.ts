import {
  clampStorable,
  DateInputError,
  EventZone,
  eventDateWindow,
  formatWall,
  isStorableWall,
  isTimeInput,
  parseDateInput,
  prepareEventDates,
  preparePublicationDates,
  renderEventDates,
  resolveZone,
} from '../../../src/dates';

// Issue #13: every date input is a real date in MySQL DATETIME's years 1000–9999, or it is refused —
// never a RangeError (500) nor a stored `0NaN-NaN-NaN NaN:NaN:NaN`.
const NOW = Date.parse('2027-03-10T15:30:45Z');
const UTC = resolveZone('UTC') as EventZone;
const NY = resolveZone('America/New_York') as EventZone;

/** Inputs outside years 1000–9999 however they are written. */
const ABSURD = [
  '+300000 years',
  '+1000000000 years',
  'now -999999999 days',
  '-999999999 days',
  '+99999999999999 seconds',
  '+8000 years',
  '-1100 years',
  '0000-01-01',
  '0999-12-31 23:59:59',
  '10000-01-01',
  '275760-09-13',
  '-0001-01-01',
  'May 1, 0999',
  '@99999999999999',
  '@-99999999999999',
  '@-40000000000',
  '99999999999999',
  '1e20',
  '1e308',
  '-1e308',
  '253402300800', // 10000-01-01 00:00:00 UTC
];

describe('parseDateInput refuses dates outside years 1000–9999 (issue #13)', () => {
  it('refuses each absurd input in any zone (is_time false too), and keeps the range’s own ends', () => {
    for (const input of ABSURD) {
      expect([input, parseDateInput(input, UTC, NOW), parseDateInput(input, NY, NOW), isTimeInput(input)]).toEqual([input, null, null, false]);
    }
    for (const [input, written] of [
      ['1000-01-01 00:00:00', '1000-01-01 00:00:00'],
      ['9999-12-31 23:59:59', '9999-12-31 23:59:59'],
      ['+900 years', '2927-03-10 15:30:45'],
      ['@253402300799', '9999-12-31 23:59:59'],
      ['-30610224000', '1000-01-01 00:00:00'],
    ]) {
      expect(formatWall(parseDateInput(input, UTC, NOW)!.written)).toBe(written);
    }
  });

  it('refuses timestamps as numbers beyond the range', () => {
    for (const input of [1e20, -1e20, Number.MAX_VALUE, 253402300800, -30610224001]) expect(parseDateInput(input, UTC, NOW)).toBeNull();
  });

  it('refuses a date written in range whose instant leaves it (an offset past the end)', () => {
    expect(parseDateInput('9999-12-31 23:00:00 -05:00', UTC, NOW)).toBeNull();
    expect(parseDateInput('9999-12-31 23:00:00', NY, NOW)).toBeNull();
    expect(parseDateInput('1000-01-01 01:00:00 +05:00', UTC, NOW)).toBeNull();
  });
});

describe('storable walls', () => {
  it('are real dates in years 1000–9999', () => {
    expect(isStorableWall({ year: 2030, month: 2, day: 28, hour: 23, minute: 59, second: 59 })).toBe(true);
    expect(isStorableWall({ year: 2030, month: 2, day: 30, hour: 0, minute: 0, second: 0 })).toBe(false);
    expect(isStorableWall({ year: 999, month: 12, day: 31, hour: 0, minute: 0, second: 0 })).toBe(false);
    expect(isStorableWall({ year: 10000, month: 1, day: 1, hour: 0, minute: 0, second: 0 })).toBe(false);
    expect(isStorableWall({ year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN, second: NaN })).toBe(false);
  });

  it('clampStorable pulls a computed bound back into the range', () => {
    expect(clampStorable('10000-01-01 05:59:59')).toBe('9999-12-31 23:59:59');
    expect(clampStorable('0999-12-31 10:00:00')).toBe('1000-01-01 00:00:00');
    expect(clampStorable('2030-01-01 00:00:00')).toBe('2030-01-01 00:00:00');
  });
});

describe('event list window with absurd or edge dates', () => {
  const bounds = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

  it('refuses absurd values on every bound, rounded or strict, naming it', () => {
    for (const bound of bounds) {
      for (const value of ['+300000 years', 'now -999999999 days', '@99999999999999', '10000-01-01', '0000-01-01']) {
        for (const strict_dates of ['false', 'true']) {
          let error: unknown;
          try {
            eventDateWindow({ [bound]: value, strict_dates }, 'America/New_York', NOW);
          } catch (e) {
            error = e;
          }
          expect([bound, value, error instanceof DateInputError && error.param]).toEqual([bound, value, bound]);
        }
      }
    }
  });

  it('keeps every boundary in range when a cutoff or the site zone moves it past the end', () => {
    const values = (params: Record<string, string>, zone: string, options = {}) => eventDateWindow(params, zone, NOW, options).conditions.map((c) => c.value);
    expect(values({ end_date: '9999-12-31' }, 'UTC', { multiDayCutoff: '06:00' })).toEqual(['2027-03-09 06:00:00', '9999-12-31 23:59:59']);
    expect(values({ end_date: '9999-12-31' }, 'Asia/Tokyo', { timezoneMode: 'site' })).toEqual(['2027-03-09 15:00:00', '9999-12-31 14:59:59']);
    expect(values({ start_date: '1000-01-01', end_date: '1000-01-02' }, 'Asia/Tokyo', { timezoneMode: 'site' })).toEqual([
      '1000-01-01 00:00:00',
      '1000-01-02 14:41:00',
    ]);
    expect(values({ ends_after: '9999-12-31 23:00:00', strict_dates: 'true' }, 'Asia/Tokyo')).toEqual(['9999-12-31 23:59:59']);
  });
});

describe('event writes with absurd or edge dates', () => {
  const site = { timezone: 'America/New_York' };
  const paramOf = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof DateInputError) return error.param;
      throw error;
    }
    return undefined;
  };

  it('an absurd start_date or end_date → DateInputError on that parameter', () => {
    for (const value of ABSURD) {
      expect([value, paramOf(() => prepareEventDates({ start_date: value, end_date: '2030-01-01 10:00' }, site, NOW))]).toEqual([value, 'start_date']);
      expect([value, paramOf(() => prepareEventDates({ start_date: '2030-01-01 10:00', end_date: value }, site, NOW))]).toEqual([value, 'end_date']);
    }
  });

  it('refuses a bound that leaves the range in the event zone or in UTC', () => {
    // Written with its own offset, converted into the event zone (Q15): past 9999-12-31 there.
    expect(
      paramOf(() => prepareEventDates({ start_date: '9999-12-31 23:00:00 +00:00', end_date: '9999-12-31 23:00:00 +00:00', timezone: 'Asia/Tokyo' }, site, NOW)),
    ).toBe('start_date');
    // An all-day end moved past midnight by the cutoff.
    expect(
      paramOf(() =>
        prepareEventDates({ start_date: '9999-12-31', end_date: '9999-12-31', all_day: true, timezone: 'UTC' }, { ...site, multiDayCutoff: '06:00' }, NOW),
      ),
    ).toBe('end_date');
    // In range in the event zone, past the end in UTC.
    expect(paramOf(() => prepareEventDates({ start_date: '2030-01-01', end_date: '9999-12-31 22:00:00', timezone: 'America/New_York' }, site, NOW))).toBe(
      'end_date',
    );
    // The range's own ends are fine.
    const { dates } = prepareEventDates({ start_date: '1000-01-01 00:00:00', end_date: '9999-12-31 23:59:59', timezone: 'UTC' }, site, NOW);
    expect(dates).toMatchObject({ _EventStartDate: '1000-01-01 00:00:00', _EventEndDateUTC: '9999-12-31 23:59:59' });
  });

  it('an update keeping a bound an older version stored as NaN or out of range refuses that bound, without a RangeError', () => {
    for (const storedStart of ['0NaN-NaN-NaN NaN:NaN:NaN', '300000-01-01 00:00:00', '202026-01-01 00:00:00']) {
      const stored = { _EventStartDate: storedStart, _EventEndDate: '2030-01-01 10:00:00', _EventTimezone: 'America/New_York' };
      expect(paramOf(() => prepareEventDates({ end_date: '2030-01-02 10:00:00' }, site, NOW, stored))).toBe('start_date');
    }
  });

  it('publication dates: absurd → DateInputError; date_utc whose site-zone column leaves the range → DateInputError on date_utc', () => {
    const ctx = { siteTimezone: 'Asia/Tokyo', now: NOW, status: 'publish' };
    for (const value of ABSURD) {
      expect(paramOf(() => preparePublicationDates({ date: value }, ctx))).toBe('date');
      expect(paramOf(() => preparePublicationDates({ date_utc: value }, ctx))).toBe('date_utc');
    }
    expect(paramOf(() => preparePublicationDates({ date_utc: '9999-12-31 20:00:00' }, ctx))).toBe('date_utc');
    expect(preparePublicationDates({ date: '9999-12-31 20:00:00' }, ctx)).toEqual({ post_date: '9999-12-31 20:00:00', post_date_gmt: '9999-12-31 11:00:00' });
  });
});

describe('rendering dates an older version stored out of range', () => {
  it('does not throw, and derives no UTC value from a local date past Date’s range', () => {
    const rendered = renderEventDates({ _EventStartDate: '300000-01-01 00:00:00', _EventTimezone: 'America/New_York' }, 'UTC');
    expect(rendered.utc_start_date).toBeNull();
    expect(renderEventDates({ _EventStartDate: '0NaN-NaN-NaN NaN:NaN:NaN', _EventTimezone: 'Europe/Paris' }, 'UTC').start_date_details.year).toBe('1970');
  });
});
