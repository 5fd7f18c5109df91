import { DateInputError, eventDateWindow, isStrictDates } from '../../../src/dates';

const NOW = Date.parse('2027-03-10T15:30:45Z');

describe('eventDateWindow defaults (Q16)', () => {
  it('UTC site: from the start of yesterday (UTC) to the end of the day 24 months ahead, on the UTC keys', () => {
    expect(eventDateWindow({}, 'UTC+0', NOW)).toEqual({
      conditions: [
        { key: '_EventStartDateUTC', operator: '>=', value: '2027-03-09 00:00:00' },
        { key: '_EventEndDateUTC', operator: '<=', value: '2029-03-10 23:59:59' },
      ],
      orderKey: '_EventStartDate',
    });
  });

  it('site west of UTC: yesterday in the site zone; local keys in event mode', () => {
    expect(eventDateWindow({}, 'America/New_York', NOW).conditions).toEqual([
      { key: '_EventStartDate', operator: '>=', value: '2027-03-09 00:00:00' },
      { key: '_EventEndDate', operator: '<=', value: '2029-03-10 23:59:59' },
    ]);
  });

  it('site east of UTC: "yesterday 23:59 UTC" already falls on today', () => {
    expect(eventDateWindow({}, 'Asia/Tokyo', NOW).conditions[0].value).toBe('2027-03-10 00:00:00');
  });

  it('applies the multi-day cutoff', () => {
    expect(eventDateWindow({}, 'UTC', NOW, { multiDayCutoff: '06:00' }).conditions.map((c) => c.value)).toEqual(['2027-03-09 06:00:00', '2029-03-11 05:59:59']);
  });
});

describe('inclusive mode (Q17)', () => {
  it('rounds start_date to the beginning and end_date to the end of their days', () => {
    const w = eventDateWindow({ start_date: '2024-05-01 15:00', end_date: '2024-05-31 08:00' }, 'America/New_York', NOW);
    expect(w.conditions.map((c) => c.value)).toEqual(['2024-05-01 00:00:00', '2024-05-31 23:59:59']);
  });

  it('uses the written calendar date, the UTC date of timestamps and UTC for relative strings', () => {
    const written = eventDateWindow({ start_date: '2024-05-01T23:00:00-05:00' }, 'UTC', NOW);
    expect(written.conditions[0].value).toBe('2024-05-01 00:00:00');
    const timestamp = eventDateWindow({ start_date: String(Date.parse('2024-05-02T01:00:00Z') / 1000) }, 'America/New_York', NOW);
    expect(timestamp.conditions[0].value).toBe('2024-05-02 00:00:00');
    const relative = eventDateWindow({ end_date: 'tomorrow' }, 'Pacific/Kiritimati', Date.parse('2027-03-10T20:00:00Z'));
    expect(relative.conditions[1].value).toBe('2027-03-11 23:59:59');
  });

  it('rounds all four relative bounds to the end of their day and drops the defaults', () => {
    const w = eventDateWindow(
      { starts_after: '2024-05-01', starts_before: '2024-05-03 10:00', ends_after: '2024-05-02', ends_before: '2024-05-04' },
      'America/New_York',
      NOW,
    );
    expect(w.conditions).toEqual([
      { key: '_EventStartDate', operator: '<', value: '2024-05-03 23:59:59' },
      { key: '_EventStartDate', operator: '>', value: '2024-05-01 23:59:59' },
      { key: '_EventEndDate', operator: '<', value: '2024-05-04 23:59:59' },
      { key: '_EventEndDate', operator: '>', value: '2024-05-02 23:59:59' },
    ]);
  });

  it('keeps explicit start_date/end_date next to relative bounds', () => {
    const w = eventDateWindow({ start_date: '2024-05-01', ends_before: '2024-06-01' }, 'UTC', NOW);
    expect(w.conditions).toEqual([
      { key: '_EventStartDateUTC', operator: '>=', value: '2024-05-01 00:00:00' },
      { key: '_EventEndDateUTC', operator: '<', value: '2024-06-01 23:59:59' },
    ]);
  });
});

describe('strict mode (Q18)', () => {
  it('parses values as UTC and converts them to the site zone without rounding', () => {
    const w = eventDateWindow({ start_date: '2024-05-01 10:00', strict_dates: 'true' }, 'America/New_York', NOW);
    expect(w.conditions).toEqual([
      { key: '_EventStartDate', operator: '>=', value: '2024-05-01 06:00:00' },
      { key: '_EventEndDate', operator: '<=', value: '2029-03-10 10:30:45' },
    ]);
  });

  it('shifts the default start a second time (COPY)', () => {
    const w = eventDateWindow({ strict_dates: 'YES' }, 'America/New_York', NOW);
    expect(w.conditions[0].value).toBe('2027-03-09 13:59:00');
  });

  it('recognises only 1/true/on/yes', () => {
    expect(['1', 'true', 'TRUE', 'on', 'yes', true].map(isStrictDates)).toEqual([true, true, true, true, true, true]);
    expect(['0', 'false', 'no', '', undefined, false].map(isStrictDates)).toEqual([false, false, false, false, false, false]);
  });
});

describe('time-zone mode', () => {
  it('site mode converts the boundaries to UTC and orders by the UTC start', () => {
    const w = eventDateWindow({ start_date: '2024-05-01', end_date: '2024-05-31' }, 'America/New_York', NOW, { timezoneMode: 'site' });
    expect(w).toEqual({
      conditions: [
        { key: '_EventStartDateUTC', operator: '>=', value: '2024-05-01 04:00:00' },
        { key: '_EventEndDateUTC', operator: '<=', value: '2024-06-01 03:59:59' },
      ],
      orderKey: '_EventStartDateUTC',
    });
  });
});

it('rejects unparsable bounds naming the parameter', () => {
  expect(() => eventDateWindow({ starts_after: 'foo' }, 'UTC', NOW)).toThrow(DateInputError.notADate('starts_after', 'foo'));
});
