/**
 * Issue #30: whatever rule text a client sends, parsing, checking and expanding it is bounded work.
 * The work is counted, not timed: every search of the `rrule` library is watched period by period
 * (its one per-period hook, the read of `options.interval`) and must stay within MAX_SEARCH_PERIODS.
 */
import fc from 'fast-check';
import { MAX_SEARCH_PERIODS, SeriesTiming, expandRecurrence, parseRecurrence } from '../../../src/recurrence';
import { searchesOf } from '../../support/rrule-searches';

const NOW = Date.UTC(2027, 0, 1);

function parseAndExpand(rrule: string, timing: SeriesTiming, exdate?: string[]): void {
  const parsed = parseRecurrence({ rrule, ...(exdate ? { exdate } : {}) }, timing);
  if (parsed.ok) expandRecurrence(parsed.value, NOW);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const wall = fc
  .record({
    year: fc.integer({ min: 1990, max: 9990 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
  })
  .map((w) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:00:00`);
const timing = fc.record({
  start: wall,
  timezone: fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC', 'UTC+05:30'),
  allDay: fc.boolean(),
});
const toTiming = (t: { start: string; timezone: string; allDay: boolean }): SeriesTiming => ({
  ...t,
  start: t.allDay ? `${t.start.slice(0, 10)} 00:00:00` : t.start,
  end: t.allDay ? `${t.start.slice(0, 10)} 23:59:59` : t.start,
});

const list = (min: number, max: number, signed = false) =>
  fc
    .array(
      fc.integer({ min, max }).chain((n) => (signed ? fc.constantFrom(n, -n) : fc.constant(n))),
      { minLength: 1, maxLength: 8 },
    )
    .map((xs) => xs.join(','));
const day = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU');
/** RRULE parts, each usually valid alone, in random combinations (the rare and the impossible among them). */
const part = fc.oneof(
  fc.constantFrom('YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY').map((f) => `FREQ=${f}`),
  fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constant(999_999_999)).map((n) => `INTERVAL=${n}`),
  fc.integer({ min: 1, max: 1200 }).map((n) => `COUNT=${n}`),
  wall.map((w) => `UNTIL=${w.replace(/[-:]/g, '').replace(' ', 'T')}Z`),
  list(0, 23).map((v) => `BYHOUR=${v}`),
  list(0, 59).map((v) => `BYMINUTE=${v}`),
  list(0, 59).map((v) => `BYSECOND=${v}`),
  fc
    .array(fc.tuple(fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }), day), { minLength: 1, maxLength: 4 })
    .map((xs) => `BYDAY=${xs.map(([n, d]) => `${n ?? ''}${d}`).join(',')}`),
  list(1, 31, true).map((v) => `BYMONTHDAY=${v}`),
  list(1, 366, true).map((v) => `BYYEARDAY=${v}`),
  list(1, 53, true).map((v) => `BYWEEKNO=${v}`),
  list(1, 12).map((v) => `BYMONTH=${v}`),
  list(1, 366, true).map((v) => `BYSETPOS=${v}`),
  day.map((d) => `WKST=${d}`),
);
const rules = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(';'));

/** Parts that hold the start (its month, day, weekday, hour), so that most rules are valid and get expanded. */
function holdingStart(start: string) {
  const [year, month, dayOfMonth, hour] = [start.slice(0, 4), start.slice(5, 7), start.slice(8, 10), start.slice(11, 13)].map(Number);
  const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay()];
  const extra = (values: string) => fc.constant(values);
  return fc
    .array(
      fc.oneof(
        fc.constantFrom('YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY').map((f) => `FREQ=${f}`),
        fc.integer({ min: 1, max: 60 }).map((n) => `INTERVAL=${n}`),
        fc.integer({ min: 1, max: 1000 }).map((n) => `COUNT=${n}`),
        list(0, 23).map((v) => `BYHOUR=${hour},${v}`),
        extra(`BYMONTH=${month}`),
        list(1, 12).map((v) => `BYMONTH=${month},${v}`),
        list(1, 31, true).map((v) => `BYMONTHDAY=${dayOfMonth},${v}`),
        fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU').map((d) => `BYDAY=${weekday},${d}`),
        list(1, 4, true).map((v) => `BYSETPOS=${v}`),
        day.map((d) => `WKST=${d}`),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((parts) => (parts.some((p) => p.startsWith('FREQ=')) ? parts : ['FREQ=DAILY', ...parts]).join(';'));
}

describe('any rule text is parsed, checked and expanded in bounded work', () => {
  it('random combinations of valid parts, from random starts and zones', async () => {
    await fc.assert(
      fc.asyncProperty(rules, timing, async (rrule, t) => {
        const searches = await searchesOf(() => parseAndExpand(rrule, toTiming(t)));
        expect(searches.length).toBeLessThanOrEqual(2);
        for (const periods of searches) expect(periods).toBeLessThanOrEqual(MAX_SEARCH_PERIODS);
      }),
      { numRuns: 400 },
    );
  });

  it('rules that hold their start (valid, often sparse): expanded within the bound', async () => {
    let expanded = 0;
    await fc.assert(
      fc.asyncProperty(
        timing.chain((t) => fc.tuple(fc.constant(t), holdingStart(toTiming(t).start))),
        async ([t, rrule]) => {
          const searches = await searchesOf(() => parseAndExpand(rrule, toTiming(t)));
          if (searches.length === 2) expanded++;
          for (const periods of searches) expect(periods).toBeLessThanOrEqual(MAX_SEARCH_PERIODS);
        },
      ),
      { numRuns: 300 },
    );
    // The property is about expansions: most cases must get that far.
    expect(expanded).toBeGreaterThan(100);
  });

  it('random text, and huge exdate lists', async () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^(FREQ|BY[A-Z]+|COUNT|UNTIL|INTERVAL|=|;|,|-?\d{1,4}|[A-Z]{2}){1,40}$/));
    const exdates = fc.option(fc.array(wall, { minLength: 0, maxLength: 1500 }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(text, timing, exdates, async (rrule, t, exdate) => {
        const searches = await searchesOf(() => parseAndExpand(rrule, toTiming(t), exdate));
        for (const periods of searches) expect(periods).toBeLessThanOrEqual(MAX_SEARCH_PERIODS);
      }),
      { numRuns: 300 },
    );
  });
});
