import {
  HORIZON_MONTHS,
  MAX_OCCURRENCES,
  RecurrenceRule,
  SeriesTiming,
  describeRecurrence,
  expandRecurrence,
  parseRecurrence,
  readStoredRecurrence,
  serializeRecurrence,
} from '../../../src/recurrence';

const NOW = Date.UTC(2027, 0, 1);
const timed = (start: string, end: string, timezone = 'America/New_York'): SeriesTiming => ({ start, end, timezone, allDay: false });

function rule(input: unknown, timing: SeriesTiming): RecurrenceRule {
  const parsed = parseRecurrence(input, timing);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}
function expand(input: unknown, timing: SeriesTiming) {
  const expanded = expandRecurrence(rule(input, timing), NOW);
  if (!expanded.ok) throw new Error(JSON.stringify(expanded.problems));
  return expanded.value;
}
const problems = (input: unknown, timing = timed('2027-01-05 10:00:00', '2027-01-05 12:00:00')) => {
  const parsed = parseRecurrence(input, timing);
  return parsed.ok ? [] : parsed.problems;
};

describe('time zones and DST', () => {
  it('keeps weekly 10:00 America/New_York at 10:00 local in January and July; UTC moves by an hour', () => {
    const { occurrences } = expand({ rrule: 'FREQ=WEEKLY;COUNT=30' }, timed('2027-01-05 10:00:00', '2027-01-05 12:00:00'));
    expect(occurrences).toHaveLength(30);
    expect(occurrences[0]).toEqual({
      start: '2027-01-05 10:00:00',
      end: '2027-01-05 12:00:00',
      startUtc: '2027-01-05 15:00:00',
      endUtc: '2027-01-05 17:00:00',
      duration: 7200,
      added: false,
    });
    expect(occurrences[29]).toMatchObject({ start: '2027-07-27 10:00:00', startUtc: '2027-07-27 14:00:00', endUtc: '2027-07-27 16:00:00' });
    expect(occurrences.every((o) => o.start.endsWith('10:00:00') && o.end.endsWith('12:00:00'))).toBe(true);
  });

  it('crosses both Paris changes (last Sunday of March and of October) at the same wall time', () => {
    const { occurrences } = expand({ rrule: 'FREQ=DAILY;UNTIL=20271101T000000Z' }, timed('2027-03-27 09:00:00', '2027-03-27 10:00:00', 'Europe/Paris'));
    const byDay = Object.fromEntries(occurrences.map((o) => [o.start.slice(0, 10), o.startUtc]));
    expect(byDay['2027-03-27']).toBe('2027-03-27 08:00:00');
    expect(byDay['2027-03-28']).toBe('2027-03-28 07:00:00');
    expect(byDay['2027-10-30']).toBe('2027-10-30 07:00:00');
    expect(byDay['2027-10-31']).toBe('2027-10-31 08:00:00');
    expect(occurrences[occurrences.length - 1].start).toBe('2027-10-31 09:00:00');
  });

  it('reads a start skipped by the spring change like every event date (02:30 → 03:30 EDT)', () => {
    const { occurrences } = expand({ rrule: 'FREQ=WEEKLY;COUNT=3' }, timed('2027-02-28 02:30:00', '2027-02-28 03:00:00'));
    expect(occurrences[1]).toMatchObject({ start: '2027-03-07 02:30:00', startUtc: '2027-03-07 07:30:00' });
    expect(occurrences[2]).toMatchObject({ start: '2027-03-14 03:30:00', startUtc: '2027-03-14 07:30:00' });
  });

  it('a skipped start keeps the exact duration: 03:30–04:00 EDT, listed (issue #30 item 1)', () => {
    const { occurrences } = expand({ rrule: 'FREQ=DAILY;COUNT=5' }, timed('2027-03-12 02:30:00', '2027-03-12 03:00:00'));
    expect(occurrences[2]).toMatchObject({ start: '2027-03-14 03:30:00', end: '2027-03-14 04:00:00', endUtc: '2027-03-14 08:00:00', duration: 1800 });
    expect(occurrences.every((o) => o.duration === 1800)).toBe(true);
  });

  it('every timed occurrence lasts the first event’s exact duration across a clock change (issue #30 item 3)', () => {
    const { occurrences } = expand({ rrule: 'FREQ=WEEKLY;COUNT=2' }, timed('2027-03-20 22:00:00', '2027-03-21 06:00:00', 'Europe/London'));
    expect(occurrences.map((o) => [o.startUtc, o.endUtc, o.end, o.duration])).toEqual([
      ['2027-03-20 22:00:00', '2027-03-21 06:00:00', '2027-03-21 06:00:00', 28_800],
      ['2027-03-27 22:00:00', '2027-03-28 06:00:00', '2027-03-28 07:00:00', 28_800],
    ]);
  });

  it('uses fixed offset zones as they are', () => {
    const { occurrences } = expand({ rrule: 'FREQ=MONTHLY;COUNT=2' }, timed('2027-01-10 08:00:00', '2027-01-10 09:00:00', 'UTC+2'));
    expect(occurrences.map((o) => o.startUtc)).toEqual(['2027-01-10 06:00:00', '2027-02-10 06:00:00']);
  });
});

describe('calendar edge cases', () => {
  it('skips months without a 31st (RFC 5545)', () => {
    const { occurrences } = expand({ rrule: 'FREQ=MONTHLY;COUNT=5' }, timed('2027-01-31 09:00:00', '2027-01-31 10:00:00'));
    expect(occurrences.map((o) => o.start.slice(0, 10))).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31']);
  });

  it('repeats February 29 only in leap years', () => {
    const { occurrences } = expand({ rrule: 'FREQ=YEARLY;COUNT=3' }, timed('2028-02-29 18:00:00', '2028-02-29 20:00:00', 'UTC'));
    expect(occurrences.map((o) => o.start.slice(0, 10))).toEqual(['2028-02-29', '2032-02-29', '2036-02-29']);
  });

  it('finds the last Friday with BYSETPOS=-1 and with -1FR alike', () => {
    const timing = timed('2027-01-29 18:00:00', '2027-01-29 20:00:00');
    const setpos = expand({ rrule: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;COUNT=4' }, timing).occurrences.map((o) => o.start.slice(0, 10));
    expect(setpos).toEqual(['2027-01-29', '2027-02-26', '2027-03-26', '2027-04-30']);
    expect(expand({ rrule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=4' }, timing).occurrences.map((o) => o.start.slice(0, 10))).toEqual(setpos);
  });
});

describe('COUNT and UNTIL', () => {
  const timing = timed('2027-01-05 19:00:00', '2027-01-05 21:00:00');

  it('counts the first event as the first occurrence', () => {
    expect(expand({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3' }, timing).occurrences.map((o) => o.start.slice(0, 10))).toEqual([
      '2027-01-05',
      '2027-01-07',
      '2027-01-12',
    ]);
  });

  it('reads UNTIL in UTC when the start has a zone, inclusively', () => {
    // 2027-01-13T00:00:00Z is 19:00 EST on the 12th: that occurrence is kept.
    expect(expand({ rrule: 'FREQ=WEEKLY;UNTIL=20270113T000000Z' }, timing).occurrences.map((o) => o.start.slice(0, 10))).toEqual(['2027-01-05', '2027-01-12']);
    // 2027-01-14T23:59:59Z is 18:59 EST on the 14th: the 19:00 occurrence that day is past it.
    expect(expand({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270114T235959Z' }, timing).occurrences).toHaveLength(3);
  });

  it('reads a date UNTIL as that whole day in the event zone', () => {
    expect(expand({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270114' }, timing).occurrences).toHaveLength(4);
  });
});

describe('bounds', () => {
  it('materialises an endless rule up to the horizon and says where it stopped', () => {
    const { occurrences, horizon } = expand({ rrule: 'FREQ=WEEKLY' }, timed('2027-01-05 19:00:00', '2027-01-05 21:00:00'));
    expect(HORIZON_MONTHS).toBe(24);
    expect(horizon).toBe('2028-12-31 19:00:00');
    expect(occurrences[occurrences.length - 1].start).toBe('2028-12-26 19:00:00');
    expect(occurrences).toHaveLength(104);
  });

  it('refuses a rule that would make more than the limit, naming it', () => {
    const timing = timed('2027-01-05 10:00:00', '2027-01-05 11:00:00');
    const hourly = expandRecurrence(rule({ rrule: 'FREQ=HOURLY' }, timing), NOW);
    expect(hourly).toEqual({
      ok: false,
      problems: [{ part: 'rrule', message: expect.stringContaining('more than 1,000 occurrences within the 2-year horizon') }],
    });
    const daily = expandRecurrence(rule({ rrule: 'FREQ=DAILY;UNTIL=20300101T000000Z' }, timing), NOW);
    expect(daily.ok).toBe(false);
    expect(MAX_OCCURRENCES).toBe(1000);
    expect(expand({ rrule: 'FREQ=DAILY;COUNT=1000' }, timing).occurrences).toHaveLength(1000);
    expect(problems({ rrule: 'FREQ=DAILY;COUNT=1001' })).toEqual([
      { part: 'COUNT', message: 'COUNT=1001 is over the limit of 1,000 occurrences in a series.' },
    ]);
  });
});

describe('nonsense rules', () => {
  const cases: Array<[string, string, string]> = [
    ['FREQ=SECONDLY', 'FREQ', 'FREQ=SECONDLY is not supported'],
    ['FREQ=MINUTELY;COUNT=3', 'FREQ', 'FREQ=MINUTELY is not supported'],
    ['FREQ=FORTNIGHTLY', 'FREQ', 'not a frequency'],
    ['COUNT=3', 'FREQ', 'FREQ is required'],
    ['FREQ=WEEKLY;BYDAY=XX', 'BYDAY', 'XX is not a weekday'],
    ['FREQ=WEEKLY;INTERVAL=0', 'INTERVAL', 'INTERVAL=0 must be a whole number of 1 or more'],
    ['FREQ=WEEKLY;COUNT=0', 'COUNT', 'COUNT=0 must be a whole number'],
    ['FREQ=WEEKLY;UNTIL=20260101T000000Z', 'UNTIL', "is before the series' start"],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20280101T000000Z', 'UNTIL', 'COUNT and UNTIL cannot both be given'],
    ['FREQ=WEEKLY;UNTIL=20280101T000000', 'UNTIL', 'must be a UTC date-time'],
    ['FREQ=WEEKLY;UNTIL=20270230', 'UNTIL', 'is not a real date'],
    ['FREQ=WEEKLY;FOO=1', 'FOO', 'FOO is not a supported RRULE part'],
    ['FREQ=WEEKLY;FREQ=DAILY', 'FREQ', 'FREQ is given twice'],
    ['FREQ=WEEKLY;BYDAY', 'BYDAY', 'BYDAY has no value'],
    ['FREQ=WEEKLY;BYDAY=1TU', 'BYDAY', 'needs FREQ=MONTHLY or FREQ=YEARLY'],
    ['FREQ=MONTHLY;BYDAY=6TU', 'BYDAY', 'must be 1 to 5'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY', '0 is not in 1 to 31'],
    ['FREQ=WEEKLY;BYMONTHDAY=5', 'BYMONTHDAY', 'cannot be used with FREQ=WEEKLY'],
    ['FREQ=MONTHLY;BYWEEKNO=5', 'BYWEEKNO', 'can only be used with FREQ=YEARLY'],
    ['FREQ=YEARLY;BYMONTH=13', 'BYMONTH', '13 is not in 1 to 12'],
    ['FREQ=DAILY;BYHOUR=24', 'BYHOUR', '24 is not in 0 to 23'],
    ['FREQ=MONTHLY;BYSETPOS=-1', 'BYSETPOS', 'needs another BY part'],
    ['FREQ=WEEKLY;WKST=XX', 'WKST', 'WKST=XX is not a weekday'],
    ['DTSTART:20270105T100000\nRRULE:FREQ=WEEKLY', 'rrule', 'one RRULE value only'],
    ['FREQ=WEEKLY;BYDAY=MO', 'rrule', 'start (2027-01-05 10:00:00, a Tuesday) is not an occurrence of the rule, whose first is 2027-01-11 10:00:00'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'BYMONTHDAY', 'BYMONTHDAY=30 never falls in February'],
  ];
  it.each(cases)('%s → %s', (rrule, part, message) => {
    const found = problems({ rrule });
    expect(found).toContainEqual({ part, message: expect.stringContaining(message) });
  });

  it('reports every wrong part at once, and wrong list items by index', () => {
    const found = problems({ rrule: 'FREQ=SECONDLY;INTERVAL=0;BYDAY=XX', exdate: ['2027-02-02 10:00:00', 'tomorrow', 42], rdate: 'x', extra: 1 });
    expect(found.map((p) => p.part)).toEqual(['FREQ', 'INTERVAL', 'BYDAY', 'extra', 'exdate[1]', 'exdate[2]', 'rdate']);
    expect(found[4].message).toBe('exdate[1]: "tomorrow" is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS in the event\'s time zone).');
    expect(problems('FREQ=DAILY')).toEqual([{ part: 'recurrence', message: expect.stringContaining('must be an object') }]);
    expect(problems({ rrule: '' })[0].part).toBe('rrule');
  });

  it('accepts a lower-case rule with an RRULE: prefix', () => {
    expect(problems({ rrule: 'RRULE:freq=weekly;byday=tu;count=2' })).toEqual([]);
  });
});

describe('exdate and rdate', () => {
  const timing = timed('2027-01-05 19:00:00', '2027-01-05 21:00:00');

  it('removes exdates, adds rdates, sorted and without duplicates', () => {
    const { occurrences } = expand(
      {
        rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4',
        exdate: ['2027-01-07 19:00:00', '2027-01-12'],
        rdate: ['2027-01-09', '2027-01-14 19:00:00', '2027-01-08 08:30'],
      },
      timing,
    );
    expect(occurrences.map((o) => [o.start, o.added])).toEqual([
      ['2027-01-05 19:00:00', false],
      ['2027-01-08 08:30:00', true],
      ['2027-01-09 19:00:00', true],
      ['2027-01-14 19:00:00', false],
    ]);
    expect(occurrences[1]).toMatchObject({ end: '2027-01-08 10:30:00', endUtc: '2027-01-08 15:30:00' });
  });

  it('refuses an rdate before the first event', () => {
    expect(problems({ rrule: 'FREQ=WEEKLY', rdate: ['2027-01-01 10:00:00'] })).toEqual([
      { part: 'rdate', message: expect.stringContaining('before the series') },
    ]);
  });
});

describe('all-day series', () => {
  const allDay: SeriesTiming = { start: '2027-01-31 00:00:00', end: '2027-02-01 23:59:59', timezone: 'Europe/Paris', allDay: true };

  it('stay all-day, two days long, on every occurrence', () => {
    const { occurrences } = expand({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3', exdate: ['2027-02-28 10:00:00'] }, allDay);
    expect(occurrences.map((o) => [o.start, o.end])).toEqual([
      ['2027-01-31 00:00:00', '2027-02-01 23:59:59'],
      ['2027-03-31 00:00:00', '2027-04-01 23:59:59'],
    ]);
  });

  it('refuse hours', () => {
    expect(problems({ rrule: 'FREQ=HOURLY;BYHOUR=5' }, allDay).map((p) => p.part)).toEqual(['FREQ', 'BYHOUR']);
  });
});

describe('words', () => {
  const words = (rrule: string, timing = timed('2027-01-05 19:00:00', '2027-01-05 21:00:00')) => describeRecurrence(rule({ rrule }, timing));

  it.each([
    ['FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z', 'Every Tuesday and Thursday until June 30, 2027'],
    ['FREQ=WEEKLY', 'Every Tuesday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=5', 'Every 2 weeks on Tuesday, 5 times'],
    ['FREQ=DAILY;COUNT=7', 'Every day, 7 times'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=MONTHLY;BYDAY=1TU', 'Every month on the first Tuesday'],
    ['FREQ=MONTHLY;BYMONTHDAY=5,-1', 'Every month on the 5th and the last day'],
    ['FREQ=MONTHLY;COUNT=1', 'Every month on the 5th, once'],
    ['FREQ=YEARLY', 'Every year on January 5'],
  ])('%s → %s', (rrule, expected) => expect(words(rrule)).toBe(expected));

  it('says "last Friday" for BYSETPOS and leap days for yearly rules', () => {
    expect(words('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1', timed('2027-01-29 18:00:00', '2027-01-29 19:00:00'))).toBe('Every month on the last Friday');
    expect(words('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', timed('2027-11-25 12:00:00', '2027-11-25 15:00:00'))).toBe(
      'Every year on the fourth Thursday of November',
    );
    expect(words('FREQ=YEARLY', timed('2028-02-29 09:00:00', '2028-02-29 10:00:00'))).toBe('Every year on February 29');
  });

  it('falls back to the library for parts it does not word', () => {
    expect(words('FREQ=DAILY;BYHOUR=19,21')).toBe('Every day at 19 and 21');
  });
});

describe('storage', () => {
  it('writes RFC 5545 lines and reads them back into the same rule', () => {
    const input = { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z', exdate: ['2027-04-01 19:00:00', '2027-04-06'], rdate: ['2027-07-02 19:00:00'] };
    const timing = timed('2027-01-05 19:00:00', '2027-01-05 21:00:00');
    const text = serializeRecurrence(rule(input, timing));
    expect(text).toBe(
      [
        'DTSTART;TZID=America/New_York:20270105T190000',
        'RRULE:FREQ=WEEKLY;UNTIL=20270630T235959Z;BYDAY=TU,TH',
        'EXDATE;TZID=America/New_York:20270401T190000',
        'EXDATE;VALUE=DATE:20270406',
        'RDATE;TZID=America/New_York:20270702T190000',
      ].join('\n'),
    );
    const back = readStoredRecurrence(text);
    expect(back).toEqual({
      rrule: 'FREQ=WEEKLY;UNTIL=20270630T235959Z;BYDAY=TU,TH',
      exdate: ['2027-04-01 19:00:00', '2027-04-06'],
      rdate: ['2027-07-02 19:00:00'],
    });
    expect(expand(back, timing)).toEqual(expand(input, timing));
  });

  it('writes an all-day series with DATE values', () => {
    const allDay: SeriesTiming = { start: '2027-01-05 00:00:00', end: '2027-01-05 23:59:59', timezone: 'Europe/Paris', allDay: true };
    expect(serializeRecurrence(rule({ rrule: 'FREQ=WEEKLY;COUNT=3', exdate: ['2027-01-12'] }, allDay))).toBe(
      'DTSTART;VALUE=DATE:20270105\nRRULE:FREQ=WEEKLY;COUNT=3\nEXDATE;VALUE=DATE:20270112',
    );
  });
});
