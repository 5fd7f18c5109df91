/**
 * Issue #30, first part: no rule may stall the service. Each rule of the adversarial probe is refused
 * (or expanded) in bounded work, naming the part, before anything is written.
 */
import { MAX_SEARCH_PERIODS, SeriesTiming, expandRecurrence, parseRecurrence, readStoredRecurrence, serializeRecurrence } from '../../../src/recurrence';
import { ruleStarts } from '../../../src/recurrence/engine';
import { searchesOf } from '../../support/rrule-searches';

const NOW = Date.UTC(2027, 0, 1);
const timed = (start: string, end: string, timezone = 'America/New_York'): SeriesTiming => ({ start, end, timezone, allDay: false });
const TEN = timed('2029-03-06 10:00:00', '2029-03-06 11:00:00');

/** The problems of parsing, then of expanding: `part → message`. */
function problemsOf(input: unknown, timing = TEN): Record<string, string> {
  const parsed = parseRecurrence(input, timing);
  if (!parsed.ok) return Object.fromEntries(parsed.problems.map((p) => [p.part, p.message]));
  const expanded = expandRecurrence(parsed.value, NOW);
  return expanded.ok ? {} : Object.fromEntries(expanded.problems.map((p) => [p.part, p.message]));
}

describe('rules without dates are refused before any expansion, naming the part', () => {
  it('FREQ=HOURLY;INTERVAL=2;BYHOUR=11 from 10:00 (hour 11 is never reached: the library loops for good)', () => {
    expect(problemsOf({ rrule: 'FREQ=HOURLY;INTERVAL=2;BYHOUR=11' })).toEqual({
      BYHOUR: "BYHOUR=11 does not hold the series' start hour (10): the first event must be an occurrence.",
    });
  });

  it('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 (no such day)', () => {
    expect(problemsOf({ rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' })).toMatchObject({
      BYMONTHDAY: 'BYMONTHDAY=30 never falls in February (at most 29 days).',
    });
    // From a start in February, the day alone is the problem.
    expect(problemsOf({ rrule: 'FREQ=YEARLY;BYMONTH=2,4;BYMONTHDAY=-31' }, timed('2029-02-06 10:00:00', '2029-02-06 11:00:00'))).toEqual({
      BYMONTHDAY: 'BYMONTHDAY=-31 never falls in February, April (at most 30 days).',
    });
  });

  it('FREQ=DAILY;BYSETPOS=366;BYMONTH=1 (a day holds one start)', () => {
    expect(problemsOf({ rrule: 'FREQ=DAILY;BYSETPOS=366;BYMONTH=3' })).toEqual({
      BYSETPOS: 'BYSETPOS=366: 366 is beyond the 1 start one FREQ=DAILY period can hold.',
    });
    expect(problemsOf({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=10,18;BYSETPOS=1,15' })).toEqual({
      BYSETPOS: 'BYSETPOS=1,15: 15 is beyond the 14 starts one FREQ=WEEKLY period can hold.',
    });
    expect(problemsOf({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=10,18;BYSETPOS=1,-4;COUNT=4' })).toEqual({});
  });

  it('a start outside BYMONTH, BYMINUTE or BYSECOND', () => {
    expect(Object.keys(problemsOf({ rrule: 'FREQ=DAILY;BYMONTH=1;BYMINUTE=5;BYSECOND=7' }))).toEqual(['BYMINUTE', 'BYSECOND', 'BYMONTH']);
  });
});

describe('the span: no occurrence more than 100 years after the first event', () => {
  const LEAP = timed('2032-02-29 10:00:00', '2032-02-29 11:00:00');

  it('refuses February 29 COUNT=1000 (it would reach the year 6152) naming COUNT and the limit', () => {
    expect(problemsOf({ rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000' }, LEAP)).toEqual({
      COUNT: "COUNT=1000: the rule has only 25 occurrences up to 2132-02-29 10:00:00 (no occurrence may be more than 100 years after the series' start).",
    });
  });

  it('refuses it as FREQ=DAILY (the probe) naming FREQ: a day-by-day search stops after MAX_SEARCH_PERIODS days', () => {
    expect(problemsOf({ rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000' }, LEAP)).toEqual({
      FREQ: "FREQ=DAILY: the rule's dates are too rare to find within 10,000 days of search: use a longer FREQ (MONTHLY or YEARLY) with the same BY parts.",
    });
  });

  it('expands February 29 COUNT=25 up to 2132 (2100 is no leap year) within the span', () => {
    const parsed = parseRecurrence({ rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=25' }, LEAP);
    const expanded = parsed.ok ? expandRecurrence(parsed.value, NOW) : parsed;
    if (!expanded.ok) throw new Error(JSON.stringify(expanded.problems));
    const starts = expanded.value.occurrences.map((o) => o.start.slice(0, 4));
    expect(starts).toHaveLength(25);
    expect(starts).not.toContain('2100');
    expect(starts[24]).toBe('2132');
  });

  it('refuses an UNTIL more than 100 years after the start', () => {
    expect(problemsOf({ rrule: 'FREQ=YEARLY;UNTIL=21300101T000000Z' })).toEqual({
      UNTIL: "UNTIL=21300101T000000Z is after 2129-03-06 10:00:00: no occurrence may be more than 100 years after the series' start.",
    });
  });

  it('refuses an rdate more than 100 years after the start', () => {
    expect(problemsOf({ rrule: 'FREQ=YEARLY;COUNT=2', rdate: ['2129-03-06 10:00:00', '2129-03-06 10:00:01'] })).toEqual({
      rdate: "rdate 2129-03-06 10:00:01 is after 2129-03-06 10:00:00: no occurrence may be more than 100 years after the series' start.",
    });
  });

  it('keeps the span inside the storable years near 9999', () => {
    const late = timed('9990-01-01 10:00:00', '9990-01-01 11:00:00');
    expect(problemsOf({ rrule: 'FREQ=YEARLY;COUNT=20' }, late)).toEqual({
      COUNT: "COUNT=20: the rule has only 10 occurrences up to 9999-12-31 23:59:59 (no occurrence may be more than 100 years after the series' start).",
    });
  });
});

describe('at most hourly', () => {
  it('refuses BYMINUTE and BYSECOND lists (one start a minute or a second would bypass FREQ=HOURLY)', () => {
    const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');
    const rrule = `FREQ=HOURLY;BYMINUTE=${minutes};COUNT=300`;
    expect(problemsOf({ rrule })).toEqual({
      BYMINUTE: `BYMINUTE=${minutes}: an event repeats at most hourly, so BYMINUTE takes one value (the start's).`,
    });
    expect(Object.keys(problemsOf({ rrule: 'FREQ=DAILY;BYSECOND=0,30' }))).toEqual(['BYSECOND']);
    expect(problemsOf({ rrule: 'FREQ=HOURLY;BYMINUTE=0;BYSECOND=0;COUNT=3' })).toEqual({});
  });
});

describe('exdate and rdate lists', () => {
  const hours = (n: number) =>
    Array.from({ length: n }, (_, i) => `2029-03-${String(7 + (Math.floor(i / 24) % 20)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00`);

  it('refuses more than 1,000 dates in a list, stating the cap, without reading them one by one', () => {
    expect(problemsOf({ rrule: 'FREQ=HOURLY', exdate: hours(40_000) })).toEqual({ exdate: 'exdate lists 40,000 dates: at most 1,000.' });
    expect(problemsOf({ rrule: 'FREQ=HOURLY;COUNT=10', rdate: hours(1001) })).toEqual({ rdate: 'rdate lists 1,001 dates: at most 1,000.' });
  });

  it('removes 1,000 exdates from an hourly rule (looked up in a set)', () => {
    const parsed = parseRecurrence({ rrule: 'FREQ=HOURLY;COUNT=1000', exdate: hours(999).map((h) => h.replace('2029-03-', '2029-04-')) }, TEN);
    const expanded = parsed.ok ? expandRecurrence(parsed.value, NOW) : parsed;
    if (!expanded.ok) throw new Error(JSON.stringify(expanded.problems));
    expect(expanded.value.occurrences.length).toBeLessThan(1000);
  });

  it("refuses an exdate on the first event's own start (the first event holds the rule)", () => {
    expect(problemsOf({ rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2029-03-06 10:00:00'] })).toEqual({
      exdate: "exdate 2029-03-06 is the first event's own start: start the series on its first occurrence instead.",
    });
    expect(Object.keys(problemsOf({ rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2029-03-06'] }))).toEqual(['exdate']);
  });

  it('refuses rule text over 4,096 characters and reads repeated list items once', () => {
    expect(problemsOf({ rrule: `FREQ=DAILY;BYHOUR=${'10,'.repeat(2000)}10` })).toEqual({ rrule: 'rrule is 6,020 characters long: at most 4,096.' });
    const parsed = parseRecurrence({ rrule: 'FREQ=DAILY;BYHOUR=10,10,10;COUNT=2' }, TEN);
    expect(parsed.ok && parsed.value.parts.get('BYHOUR')).toBe('10');
  });
});

describe('the engine counts the periods it searches, found or not', () => {
  const parts = (text: string) => new Map(text.split(';').map((p) => p.split('=') as [string, string]));

  it('stops a rule without dates after MAX_SEARCH_PERIODS, saying it did not cover the window', () => {
    const search = ruleStarts(parts('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'), '2029-03-06 10:00:00', '9999-12-31 23:59:59', 10);
    expect(search).toEqual({ starts: [], complete: false, periods: MAX_SEARCH_PERIODS });
  });

  it('searches only the periods that cover the window asked for', () => {
    const search = ruleStarts(parts('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'), '2029-03-06 10:00:00', '2030-03-06 10:00:00', 10);
    expect(search.complete).toBe(true);
    expect(search.periods).toBe(367);
    const hourly = ruleStarts(parts('FREQ=HOURLY;INTERVAL=5'), '2029-03-06 10:00:00', '2029-03-07 10:00:00', 100);
    expect(hourly.starts).toEqual(['2029-03-06 10:00:00', '2029-03-06 15:00:00', '2029-03-06 20:00:00', '2029-03-07 01:00:00', '2029-03-07 06:00:00']);
  });

  it('stops at the first period when the start is an occurrence (the start check of every parse)', () => {
    expect(ruleStarts(parts('FREQ=DAILY;BYMONTH=2,3;BYMONTHDAY=6'), '2029-03-06 10:00:00', '2129-03-06 10:00:00', 1)).toEqual({
      starts: ['2029-03-06 10:00:00'],
      complete: true,
      periods: 1,
    });
  });

  it('searches an hourly rule day by day on the days it skips (one period each)', () => {
    const leap = timed('2032-02-29 10:00:00', '2032-02-29 11:00:00');
    const search = ruleStarts(parts('FREQ=HOURLY;BYHOUR=10;BYMONTH=2;BYMONTHDAY=29'), leap.start, '2132-02-29 10:00:00', 30);
    // 10,000 periods reach 27 years on: 2032 … 2056, seven February 29ths.
    expect(search).toMatchObject({ complete: false, periods: MAX_SEARCH_PERIODS });
    expect(search.starts).toHaveLength(7);
    expect(problemsOf({ rrule: 'FREQ=HOURLY;BYHOUR=10;BYMONTH=2;BYMONTHDAY=29;COUNT=30' }, leap)).toEqual({
      FREQ: "FREQ=HOURLY: the rule's dates are too rare to find within 10,000 hours of search: use a longer FREQ (MONTHLY or YEARLY) with the same BY parts.",
    });
  });
});

describe('storage of a zone with a colon (UTC+05:30)', () => {
  const INDIA = timed('2027-01-05 10:00:00', '2027-01-05 11:00:00', 'UTC+05:30');

  it('quotes the zone in the stored lines and reads the rdate and exdate back', () => {
    const parsed = parseRecurrence({ rrule: 'FREQ=WEEKLY;COUNT=3', rdate: ['2027-01-07 10:00:00'], exdate: ['2027-01-12 10:00:00'] }, INDIA);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const stored = serializeRecurrence(parsed.value);
    expect(stored).toBe(
      'DTSTART;TZID="UTC+05:30":20270105T100000\nRRULE:FREQ=WEEKLY;COUNT=3\nEXDATE;TZID="UTC+05:30":20270112T100000\nRDATE;TZID="UTC+05:30":20270107T100000',
    );
    expect(readStoredRecurrence(stored)).toEqual({ rrule: 'FREQ=WEEKLY;COUNT=3', exdate: ['2027-01-12 10:00:00'], rdate: ['2027-01-07 10:00:00'] });
  });

  it('reads lines stored before, with the colon unquoted', () => {
    expect(readStoredRecurrence('DTSTART;TZID=UTC+05:30:20270105T100000\nRRULE:FREQ=WEEKLY;COUNT=3\nRDATE;TZID=UTC+05:30:20270107T100000')).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=3',
      exdate: [],
      rdate: ['2027-01-07 10:00:00'],
    });
  });
});

describe('a costly search is not repeated', () => {
  it('reads a rare rule a second time without searching again (a stored series read by every page and feed)', async () => {
    const leap = timed('2032-02-29 10:00:00', '2032-02-29 11:00:00');
    const input = { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;COUNT=3' };
    const expand = () => {
      const parsed = parseRecurrence(input, leap);
      const expanded = parsed.ok ? expandRecurrence(parsed.value, NOW) : parsed;
      if (!expanded.ok) throw new Error(JSON.stringify(expanded.problems));
      return expanded.value.occurrences.map((o) => o.start);
    };
    let first: string[] = [];
    const searches = await searchesOf(() => (first = expand()));
    expect(Math.max(...searches)).toBeGreaterThan(1000);
    let again: string[] = [];
    // The start check searches (and stops within its first period); the expansion is kept.
    expect(await searchesOf(() => (again = expand()))).toEqual([0]);
    expect(again).toEqual(first);
    expect(first).toEqual(['2032-02-29 10:00:00', '2036-02-29 10:00:00', '2040-02-29 10:00:00']);
  });
});

describe("a stored exdate on the first event's own start (written when it was trashed alone)", () => {
  it('is read without it, so the stored rule still parses and the series can be changed', () => {
    const stored = 'DTSTART;TZID=America/New_York:20290306T100000\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE;TZID=America/New_York:20290306T100000,20290307T100000';
    const input = readStoredRecurrence(stored);
    expect(input).toEqual({ rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2029-03-07 10:00:00'], rdate: [] });
    expect(parseRecurrence(input, TEN).ok).toBe(true);
    expect(readStoredRecurrence(`${stored}\nEXDATE;VALUE=DATE:20290306`)?.exdate).toEqual(['2029-03-07 10:00:00']);
  });
});
