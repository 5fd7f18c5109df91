import { dateDetails, jsonLdDate, jsonLdValidFrom, occurrenceHash, renderEventDates, resolveZone } from '../../../src/dates';

describe('renderEventDates (formats.md §1.7)', () => {
  const meta = {
    _EventStartDate: '2017-01-05 14:23:36',
    _EventEndDate: '2017-01-05 16:23:36',
    _EventStartDateUTC: '2017-01-05 19:23:36',
    _EventEndDateUTC: '2017-01-05 21:23:36',
    _EventTimezone: 'America/New_York',
    _EventTimezoneAbbr: 'EST',
  };

  it('returns the stored values with zero-padded string details (Q5)', () => {
    expect(renderEventDates(meta, 'UTC')).toEqual({
      all_day: false,
      start_date: '2017-01-05 14:23:36',
      start_date_details: { year: '2017', month: '01', day: '05', hour: '14', minutes: '23', seconds: '36' },
      end_date: '2017-01-05 16:23:36',
      end_date_details: { year: '2017', month: '01', day: '05', hour: '16', minutes: '23', seconds: '36' },
      utc_start_date: '2017-01-05 19:23:36',
      utc_start_date_details: { year: '2017', month: '01', day: '05', hour: '19', minutes: '23', seconds: '36' },
      utc_end_date: '2017-01-05 21:23:36',
      utc_end_date_details: { year: '2017', month: '01', day: '05', hour: '21', minutes: '23', seconds: '36' },
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
    });
  });

  it('derives missing UTC values from the local value and zone, for the response only (Q63 DEVIATE)', () => {
    const legacy = renderEventDates({ ...meta, _EventStartDateUTC: undefined, _EventEndDateUTC: '' }, 'UTC');
    expect(legacy.utc_start_date).toBe('2017-01-05 19:23:36');
    expect(legacy.utc_end_date).toBe('2017-01-05 21:23:36');
    expect(legacy.utc_start_date_details.hour).toBe('19');
    const noZone = renderEventDates({ _EventStartDate: '2017-07-05 10:00:00', _EventEndDate: '2017-07-05 11:00:00' }, 'Europe/Paris');
    expect([noZone.utc_start_date, noZone.timezone, noZone.timezone_abbr]).toEqual(['2017-07-05 08:00:00', '', '']);
  });

  it('never recomputes stored UTC values (Q67: TEC’s DST-based UTC+N conversions are read as stored)', () => {
    const tec = renderEventDates(
      { _EventStartDate: '2027-07-01 10:00:00', _EventStartDateUTC: '2027-07-01 07:00:00', _EventTimezone: 'UTC+2', _EventTimezoneAbbr: 'UTC+2' },
      'UTC',
    );
    expect(tec.utc_start_date).toBe('2027-07-01 07:00:00');
  });

  it('renders missing local dates as null with a 1970 details object', () => {
    const empty = renderEventDates({}, 'UTC');
    expect(empty.start_date).toBeNull();
    expect(empty.utc_start_date).toBeNull();
    expect(empty.start_date_details).toEqual({ year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00' });
  });

  it.each([
    ['1', true],
    ['yes', true],
    ['YES', true],
    ['true', true],
    ['on', true],
    ['enabled', true],
    ['', false],
    ['0', false],
    ['no', false],
    [null, false],
  ])('all_day for %j is %s', (value, expected) => {
    expect(renderEventDates({ ...meta, _EventAllDay: value }, 'UTC').all_day).toBe(expected);
  });

  it('details tolerate values without seconds', () => {
    expect(dateDetails('2024-05-01 09:05')).toEqual({ year: '2024', month: '05', day: '01', hour: '09', minutes: '05', seconds: '00' });
  });
});

describe('JSON-LD dates (events.md §1.5)', () => {
  const zone = (name: string) => resolveZone(name)!;
  it('prints the local time with the offset of the event zone at that instant (TEC JSON_LD/Event.php)', () => {
    expect(jsonLdDate('2017-01-05 14:23:36', zone('America/New_York'))).toBe('2017-01-05T14:23:36-05:00');
    expect(jsonLdDate('2017-07-05 14:23:36', zone('America/New_York'))).toBe('2017-07-05T14:23:36-04:00');
    expect(jsonLdDate('2027-01-04 09:00:00', zone('UTC'))).toBe('2027-01-04T09:00:00+00:00');
    expect(jsonLdDate('2027-01-04 09:00:00', zone('Asia/Kolkata'))).toBe('2027-01-04T09:00:00+05:30');
    expect(jsonLdDate('2027-07-04 09:00:00', zone('UTC+2'))).toBe('2027-07-04T09:00:00+02:00');
    expect(jsonLdDate('2027-07-04 09:00:00', zone('UTC+0'))).toBe('2027-07-04T09:00:00+00:00');
    expect(jsonLdDate(null, zone('UTC'))).toBeNull();
  });

  it('moves a local time skipped by a DST change as PHP does (to UTC and back)', () => {
    expect(jsonLdDate('2027-03-14 02:30:00', zone('America/New_York'))).toBe('2027-03-14T03:30:00-04:00');
  });
  it('validFrom is the publication date at midnight UTC', () => {
    expect(jsonLdValidFrom('2026-11-22 02:26:38')).toBe('2026-11-22T00:00:00+00:00');
  });
});

describe('occurrenceHash (storage.md §11)', () => {
  it('matches the live-install example', () => {
    expect(
      occurrenceHash({
        postId: 245,
        startDate: '2027-03-10 10:00:00',
        endDate: '2027-03-10 12:30:00',
        startDateUtc: '2027-03-10 15:00:00',
        endDateUtc: '2027-03-10 17:30:00',
        duration: 9000,
      }),
    ).toBe('49ad873126219d1f0311b292509756981ede30b0');
  });
});
