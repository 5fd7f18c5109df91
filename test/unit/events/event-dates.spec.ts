import { DateInputError, prepareEventDates, beginningOfDay, endOfDay, parseCutoff, parseStoredWall, WallTime } from '../../../src/dates';

const NOW = Date.parse('2027-03-10T15:30:45Z');
const UTC_SITE = { timezone: 'UTC+0' };
const NY_SITE = { timezone: 'America/New_York' };

describe('prepareEventDates on create', () => {
  it('matches the live install for an IANA zone (reference 14-event-create)', () => {
    const result = prepareEventDates({ start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 12:00:00', timezone: 'America/New_York' }, UTC_SITE, NOW);
    expect(result).toEqual({
      dates: {
        _EventStartDate: '2027-02-01 10:00:00',
        _EventEndDate: '2027-02-01 12:00:00',
        _EventStartDateUTC: '2027-02-01 15:00:00',
        _EventEndDateUTC: '2027-02-01 17:00:00',
        _EventDuration: '7200',
        _EventTimezone: 'America/New_York',
        _EventTimezoneAbbr: 'EST',
      },
      allDay: null,
    });
  });

  it('uses the site zone string when timezone is absent or empty (reference 15-event-create-minimal)', () => {
    for (const timezone of [undefined, '']) {
      const { dates } = prepareEventDates({ start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 12:00:00', timezone }, UTC_SITE, NOW);
      expect(dates).toMatchObject({ _EventStartDateUTC: '2027-01-01 10:00:00', _EventTimezone: 'UTC+0', _EventTimezoneAbbr: 'UTC+0', _EventDuration: '7200' });
    }
  });

  it('evaluates relative input in the event zone (TEC test: tomorrow 9am, New York)', () => {
    const { dates } = prepareEventDates({ start_date: 'tomorrow 9am', end_date: 'tomorrow 11am' }, NY_SITE, NOW);
    expect(dates).toMatchObject({ _EventStartDate: '2027-03-11 09:00:00', _EventStartDateUTC: '2027-03-11 14:00:00', _EventTimezoneAbbr: 'EST' });
    const summer = prepareEventDates({ start_date: 'tomorrow 9am', end_date: 'tomorrow 11am' }, NY_SITE, Date.parse('2027-07-10T15:00:00Z'));
    expect(summer.dates).toMatchObject({ _EventStartDate: '2027-07-11 09:00:00', _EventStartDateUTC: '2027-07-11 13:00:00', _EventTimezoneAbbr: 'EDT' });
  });

  it('converts instants (offsets, timestamps) into the event zone (Q15 DEVIATE)', () => {
    const { dates } = prepareEventDates({ start_date: '2024-05-01T10:00:00+00:00', end_date: '1714564800', timezone: 'America/New_York' }, UTC_SITE, NOW);
    expect(dates).toMatchObject({
      _EventStartDate: '2024-05-01 06:00:00',
      _EventStartDateUTC: '2024-05-01 10:00:00',
      _EventEndDate: '2024-05-01 08:00:00',
      _EventEndDateUTC: '2024-05-01 12:00:00',
      _EventDuration: '7200',
      _EventTimezoneAbbr: 'EDT',
    });
  });

  it('clamps an end before the start and derives UTC afterwards (Q49, reference 46)', () => {
    const { dates } = prepareEventDates({ start_date: '2027-01-02 10:00:00', end_date: '2027-01-01 10:00:00' }, UTC_SITE, NOW);
    expect(dates).toMatchObject({
      _EventStartDate: '2027-01-02 10:00:00',
      _EventEndDate: '2027-01-02 10:00:00',
      _EventEndDateUTC: '2027-01-02 10:00:00',
      _EventDuration: '0',
    });
  });

  it('moves an event whose start a DST change skips whole, keeping its written length (issue #30)', () => {
    const prepared = prepareEventDates({ start_date: '2027-03-14 02:30:00', end_date: '2027-03-14 03:00:00', timezone: 'America/New_York' }, NY_SITE, NOW);
    expect(prepared.dates).toMatchObject({
      _EventStartDate: '2027-03-14 03:30:00',
      _EventEndDate: '2027-03-14 04:00:00',
      _EventStartDateUTC: '2027-03-14 07:30:00',
      _EventEndDateUTC: '2027-03-14 08:00:00',
      _EventDuration: '1800',
    });
    // A series' rule keeps the wall time written for its other occurrences.
    expect(prepared.skippedStart).toBe('2027-03-14 02:30:00');
    expect(prepareEventDates({ start_date: '2027-03-15 02:30:00', end_date: '2027-03-15 03:00:00' }, NY_SITE, NOW).skippedStart).toBeUndefined();
  });

  it('treats UTC±N as a fixed offset without DST (Q67 DEVIATE) and keeps the string as zone and abbreviation', () => {
    for (const [start, end] of [
      ['2027-07-01 10:00:00', '2027-07-01 11:00:00'],
      ['2027-01-01 10:00:00', '2027-01-01 11:00:00'],
    ]) {
      const { dates } = prepareEventDates({ start_date: start, end_date: end, timezone: 'UTC+2' }, UTC_SITE, NOW);
      expect(dates?._EventStartDateUTC).toBe(`${start.slice(0, 10)} 08:00:00`);
      expect(dates?._EventTimezoneAbbr).toBe('UTC+2');
    }
    expect(
      prepareEventDates({ start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00', timezone: 'UTC-11' }, UTC_SITE, NOW).dates?._EventStartDateUTC,
    ).toBe('2027-07-01 21:00:00');
    expect(
      prepareEventDates({ start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00', timezone: 'UTC+5.5' }, UTC_SITE, NOW).dates?._EventStartDateUTC,
    ).toBe('2027-07-01 04:30:00');
    expect(
      prepareEventDates({ start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00', timezone: 'UTC+05:30' }, UTC_SITE, NOW).dates?._EventTimezoneAbbr,
    ).toBe('UTC+05:30');
  });

  it('keeps the time-zone string exactly as given', () => {
    const { dates } = prepareEventDates({ start_date: '2027-07-01 10:00', end_date: '2027-07-01 11:00', timezone: 'europe/paris' }, UTC_SITE, NOW);
    expect(dates).toMatchObject({ _EventTimezone: 'europe/paris', _EventTimezoneAbbr: 'CEST', _EventStartDateUTC: '2027-07-01 08:00:00' });
  });

  it('expands all-day events to the days bounds and always writes the duration (Q42 DEVIATE)', () => {
    const result = prepareEventDates({ start_date: 'tomorrow 9am', end_date: '+5 days 11am', all_day: true }, NY_SITE, NOW);
    expect(result.allDay).toBe('1');
    expect(result.dates).toMatchObject({
      _EventStartDate: '2027-03-11 00:00:00',
      _EventEndDate: '2027-03-15 23:59:59',
      _EventStartDateUTC: '2027-03-11 05:00:00',
      _EventEndDateUTC: '2027-03-16 03:59:59', // DST starts on 14 March
      _EventDuration: String(5 * 86400 - 3600 - 1),
    });
    const utc = prepareEventDates({ start_date: '2027-09-29', end_date: '2027-09-29', all_day: true }, UTC_SITE, NOW);
    expect(utc.dates).toMatchObject({ _EventStartDate: '2027-09-29 00:00:00', _EventEndDate: '2027-09-29 23:59:59', _EventDuration: '86399' });
  });

  it('applies the multi-day cutoff to all-day events', () => {
    const { dates } = prepareEventDates(
      { start_date: '2027-09-29 15:00', end_date: '2027-09-30 10:00', all_day: true },
      { timezone: 'UTC', multiDayCutoff: '06:00' },
      NOW,
    );
    expect(dates).toMatchObject({ _EventStartDate: '2027-09-29 06:00:00', _EventEndDate: '2027-10-01 05:59:59' });
  });

  it('reports missing and invalid values with the parameter name', () => {
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof DateInputError ? [e.param, e.missing] : e;
      }
      return null;
    };
    expect(error(() => prepareEventDates({ end_date: '2027-01-01' }, UTC_SITE, NOW))).toEqual(['start_date', true]);
    expect(error(() => prepareEventDates({ start_date: '2027-01-01' }, UTC_SITE, NOW))).toEqual(['end_date', true]);
    expect(error(() => prepareEventDates({ start_date: 'foo', end_date: '2027-01-01' }, UTC_SITE, NOW))).toEqual(['start_date', false]);
    expect(error(() => prepareEventDates({ start_date: '2027-01-01', end_date: '' }, UTC_SITE, NOW))).toEqual(['end_date', false]);
    expect(error(() => prepareEventDates({ start_date: '2027-01-01', end_date: '2027-01-01', timezone: 'Mars/Base' }, UTC_SITE, NOW))).toEqual([
      'timezone',
      false,
    ]);
    expect(error(() => prepareEventDates({ start_date: '2027-01-01', end_date: '2027-01-01', timezone: 'UTC+abc' }, UTC_SITE, NOW))).toEqual([
      'timezone',
      false,
    ]);
  });
});

describe('prepareEventDates on update', () => {
  const stored = { _EventStartDate: '2027-03-10 10:00:00', _EventEndDate: '2027-03-10 12:30:00', _EventTimezone: 'America/New_York', _EventAllDay: null };

  it('changes nothing when no date field is given', () => {
    expect(prepareEventDates({}, UTC_SITE, NOW, stored)).toEqual({ dates: null, allDay: undefined });
  });

  it('applies a lone start or end with the stored other bound and the stored zone (Q10 DEVIATE)', () => {
    const start = prepareEventDates({ start_date: '2027-03-10 11:00:00' }, UTC_SITE, NOW, stored);
    expect(start.dates).toMatchObject({
      _EventStartDate: '2027-03-10 11:00:00',
      _EventEndDate: '2027-03-10 12:30:00',
      _EventStartDateUTC: '2027-03-10 16:00:00',
      _EventDuration: '5400',
      _EventTimezone: 'America/New_York',
    });
    const end = prepareEventDates({ end_date: '2027-03-10 09:00:00' }, UTC_SITE, NOW, stored);
    expect(end.dates).toMatchObject({ _EventStartDate: '2027-03-10 10:00:00', _EventEndDate: '2027-03-10 10:00:00', _EventDuration: '0' });
  });

  it('keeps local wall times and recomputes UTC values when only the zone changes', () => {
    const { dates } = prepareEventDates({ timezone: 'Europe/Paris' }, UTC_SITE, NOW, stored);
    expect(dates).toEqual({
      _EventStartDate: '2027-03-10 10:00:00',
      _EventEndDate: '2027-03-10 12:30:00',
      _EventStartDateUTC: '2027-03-10 09:00:00',
      _EventEndDateUTC: '2027-03-10 11:30:00',
      _EventDuration: '9000',
      _EventTimezone: 'Europe/Paris',
      _EventTimezoneAbbr: 'CET',
    });
  });

  it('expands stored times when all_day becomes true, and only clears the flag when it becomes false', () => {
    const on = prepareEventDates({ all_day: true }, UTC_SITE, NOW, stored);
    expect(on.allDay).toBe('1');
    expect(on.dates).toMatchObject({ _EventStartDate: '2027-03-10 00:00:00', _EventEndDate: '2027-03-10 23:59:59', _EventStartDateUTC: '2027-03-10 05:00:00' });
    const allDayStored = { ...stored, _EventStartDate: '2027-03-10 06:00:00', _EventEndDate: '2027-03-11 05:59:59', _EventAllDay: '1' };
    expect(prepareEventDates({ all_day: true }, { timezone: 'UTC', multiDayCutoff: '06:00' }, NOW, allDayStored)).toEqual({ dates: null, allDay: '1' });
    expect(prepareEventDates({ all_day: false }, UTC_SITE, NOW, allDayStored)).toEqual({ dates: null, allDay: null });
  });

  it('falls back to the site zone when the stored zone is missing or timezone is ""', () => {
    const { dates } = prepareEventDates({ timezone: '' }, { timezone: 'UTC+2' }, NOW, stored);
    expect(dates).toMatchObject({ _EventTimezone: 'UTC+2', _EventStartDateUTC: '2027-03-10 08:00:00' });
    const noZone = prepareEventDates({ start_date: '2027-03-10 10:00' }, { timezone: 'UTC+2' }, NOW, { ...stored, _EventTimezone: '' });
    expect(noZone.dates?._EventTimezone).toBe('UTC+2');
  });
});

describe('beginning / end of day (formats.md §1.6)', () => {
  const day = parseStoredWall('2024-05-01 13:45:10') as WallTime;
  it('uses the date part and the cutoff', () => {
    expect(beginningOfDay(day, parseCutoff('00:00'))).toBe('2024-05-01 00:00:00');
    expect(endOfDay(day, parseCutoff('00:00'))).toBe('2024-05-01 23:59:59');
    expect(beginningOfDay(day, parseCutoff('06:00'))).toBe('2024-05-01 06:00:00');
    expect(endOfDay(day, parseCutoff('06:00'))).toBe('2024-05-02 05:59:59');
    expect(endOfDay(parseStoredWall('2024-12-31') as WallTime, parseCutoff('06:30'))).toBe('2025-01-01 06:29:59');
  });
  it('falls back to midnight for missing or malformed cutoffs', () => {
    expect(parseCutoff(undefined)).toEqual({ hour: 0, minute: 0 });
    expect(parseCutoff('25:00')).toEqual({ hour: 0, minute: 0 });
    expect(parseCutoff('noon')).toEqual({ hour: 0, minute: 0 });
  });
});
