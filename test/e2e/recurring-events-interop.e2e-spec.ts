import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { dateutilSpans, icalendarSpans, khalSpans, RuleCase, Span } from '../support/oracles/calendar-readers';
import { listedIn } from './site-recurring-helpers';
import { sitePath } from './site-test-helpers';

// Issue #30: calendar apps read a series exactly as the API lists it. Each series is created through
// the API, then its occurrences as the API lists them are held against readers nobody here wrote:
// python-dateutil's rrulestr in the event's zone (from the rule as sent), and the service's own feeds
// (the first event's page feed `?ical=1`, the list feed) expanded by python-icalendar +
// recurring-ical-events and imported by the khal client. Both engines (TEST_ENGINE=mysql).

type Json = Record<string, any>;
const ALL = { start: '2020-01-01', end: '2035-12-31' };

interface Case extends Omit<RuleCase, 'key'> {
  title: string;
}

const timed = (zone: string, start: string, end: string, rrule: string, extra: Partial<Case> = {}): Case => ({
  title: '',
  zone,
  start,
  end,
  allDay: false,
  rrule,
  ...extra,
});

/** The series; keys are khal calendar names too. */
const CASES: Record<string, Case> = {
  // Item 1: the 14th starts at 02:30, a time New York skips: 03:30–04:00 EDT, listed.
  nyGapDaily: timed('America/New_York', '2027-03-12 02:30:00', '2027-03-12 03:00:00', 'FREQ=DAILY;COUNT=5'),
  // Item 2: only the first (skipped) instance moves; the others stay at 02:30.
  nyGapFirst: timed('America/New_York', '2027-03-14 02:30:00', '2027-03-14 03:00:00', 'FREQ=WEEKLY;COUNT=4'),
  nyFallBack: timed('America/New_York', '2027-11-05 01:30:00', '2027-11-05 02:30:00', 'FREQ=DAILY;COUNT=4'),
  // Item 3: one exact duration across both London changes (22:00–06:00 is eight hours every week).
  londonNightSpring: timed('Europe/London', '2027-03-20 22:00:00', '2027-03-21 06:00:00', 'FREQ=WEEKLY;COUNT=3'),
  londonNightAutumn: timed('Europe/London', '2027-10-23 22:00:00', '2027-10-24 06:00:00', 'FREQ=WEEKLY;COUNT=3'),
  londonSundayGap: timed('Europe/London', '2027-03-21 01:30:00', '2027-03-21 02:30:00', 'FREQ=WEEKLY;COUNT=3'),
  // Lord Howe moves its clocks by half an hour.
  lordHoweApril: timed('Australia/Lord_Howe', '2027-04-02 01:45:00', '2027-04-02 02:15:00', 'FREQ=DAILY;COUNT=5'),
  lordHoweOctober: timed('Australia/Lord_Howe', '2027-10-01 02:10:00', '2027-10-01 02:40:00', 'FREQ=DAILY;COUNT=4'),
  monthly31st: timed('Europe/Paris', '2027-01-31 10:00:00', '2027-01-31 11:00:00', 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=6'),
  lastFriday: timed('America/New_York', '2027-01-29 18:00:00', '2027-01-29 20:00:00', 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;COUNT=5'),
  secondWeekday: timed('Europe/London', '2027-01-04 09:00:00', '2027-01-04 10:00:00', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=2;COUNT=4'),
  feb29: timed('America/New_York', '2028-02-29 09:00:00', '2028-02-29 10:00:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=2'),
  intervalWkst: timed('America/New_York', '2027-08-03 09:00:00', '2027-08-03 10:00:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU;COUNT=6'),
  // Item 4: UNTIL as a date on a timed series (the 13th included) and as UTC.
  untilDate: timed('America/New_York', '2027-03-23 19:00:00', '2027-03-23 20:00:00', 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270413'),
  untilUtc: timed('America/New_York', '2027-04-05 19:00:00', '2027-04-05 20:00:00', 'FREQ=DAILY;UNTIL=20270409T230000Z'),
  exdateRdate: timed('America/New_York', '2027-02-02 10:00:00', '2027-02-02 11:30:00', 'FREQ=WEEKLY;BYDAY=TU;COUNT=8', {
    exdate: ['2027-02-16 10:00:00', '2027-03-02'],
    rdate: ['2027-03-13 10:00:00'],
  }),
  overnight: timed('America/New_York', '2027-11-05 22:00:00', '2027-11-06 01:00:00', 'FREQ=DAILY;COUNT=4'),
  allDay: { ...timed('Europe/Paris', '2027-03-01 00:00:00', '2027-03-02 23:59:59', 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=4'), allDay: true },
  // Item 4: a UTC UNTIL beside an all-day start is that day in the event's zone (the 15th included).
  allDayUntil: { ...timed('Europe/Paris', '2027-03-01 00:00:00', '2027-03-01 23:59:59', 'FREQ=WEEKLY;UNTIL=20270315T000000Z'), allDay: true },
  // Item 5: 1,000 daily occurrences in Paris (an UNTIL giving 1,001, one exdate) over three summers.
  thousand: timed('Europe/Paris', '2027-01-01 08:00:00', '2027-01-01 09:00:00', 'FREQ=DAILY;UNTIL=20290927T235959Z', { exdate: ['2027-06-01 08:00:00'] }),
  endless: timed('America/New_York', '2027-01-04 12:00:00', '2027-01-04 13:00:00', 'FREQ=WEEKLY;BYDAY=MO'),
};

/** One occurrence as the API lists it: UTC instants, or dates (end exclusive) of an all-day one. */
function apiSpan(event: Json): Span {
  if (event.all_day) {
    const next = new Date(Date.parse(`${event.end_date.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return [event.start_date.slice(0, 10), next];
  }
  const iso = (utc: string) => `${utc.replace(' ', 'T')}Z`;
  return [iso(event.utc_start_date), iso(event.utc_end_date)];
}

/**
 * Series the feed readers are not held to: 01:30 New York (01:45 Lord Howe) on the fall-back night happens twice, RFC 5545 §3.3.5
 * names the first (as the API, PHP and dateutil read it), while pytz-based readers (recurring-ical-events,
 * khal) take the second. The feed writes the local time, so a reader that follows the RFC agrees.
 */
const READERS_SKIP_REPEATED_TIME = new Set(['nyFallBack', 'lordHoweApril']);

const spans = (events: Json[]) => events.map(apiSpan).sort((a, b) => a[0].localeCompare(b[0]));
const withoutSummary = (found: [string, string, string][] | undefined) => (found ?? []).map(([s, e]) => [s, e] as Span);

describe('series as calendar apps read them (issue #30)', () => {
  let t: TestApp;
  const firsts = new Map<string, Json>();
  const listed = new Map<string, Json[]>();
  const pageFeeds: Record<string, string> = {};
  const uids = new Map<string, string>();

  /** The occurrences of a series as the API lists them (its first event and its children, all dates). */
  const occurrencesOf = (firstId: number) => listedIn(t, ALL.start, ALL.end, { post_parent: firstId });
  const pageFeed = async (event: Json) => (await t.http.get(`${sitePath(event.url)}?ical=1`).expect(200)).text;
  const uidOf = (feed: string) => /^UID:(.*)$/m.exec(feed.replace(/\r\n /g, ''))![1].trim();

  beforeAll(async () => {
    t = await startTestApp();
    for (const [key, c] of Object.entries(CASES)) {
      const body = { title: key, start_date: c.start, end_date: c.end, timezone: c.zone, all_day: c.allDay, status: 'publish' };
      const res = await t.http
        .post(`${BASE}/events`)
        .set('Authorization', ADMIN)
        .send({ ...body, recurrence: { rrule: c.rrule, exdate: c.exdate ?? [], rdate: c.rdate ?? [] } });
      if (res.status !== 201) throw new Error(`${key}: ${res.status} ${JSON.stringify(res.body)}`);
      firsts.set(key, res.body);
      listed.set(key, await occurrencesOf(res.body.id));
      pageFeeds[key] = await pageFeed(res.body);
      uids.set(key, uidOf(pageFeeds[key]));
    }
  }, 300_000);
  afterAll(() => t?.close());

  /** What each reader makes of every series, read once. */
  let byDateutil: Record<string, Span[]>;
  let byIcal: Record<string, Span[]>;
  let byKhal: Record<string, Span[]>;

  beforeAll(() => {
    const api = (key: string) => spans(listed.get(key)!);
    // An endless rule goes on past the API's horizon: every reader is compared up to it.
    const horizon = api('endless').at(-1)![0];
    const upToHorizon = (key: string, found: Span[]) => (key === 'endless' ? found.filter(([start]) => start <= horizon) : found);
    byDateutil = dateutilSpans(Object.entries(CASES).map(([key, c]) => ({ key, ...c, until: key === 'endless' ? horizon.replace('Z', '') : undefined })));
    const ical = icalendarSpans(pageFeeds);
    const khal = khalSpans(pageFeeds, '2027-01-01', '2030-01-01');
    byIcal = Object.fromEntries(Object.keys(CASES).map((key) => [key, upToHorizon(key, withoutSummary(ical[key]?.[uids.get(key)!]))]));
    byKhal = Object.fromEntries(Object.keys(CASES).map((key) => [key, upToHorizon(key, khal[key]?.[uids.get(key)!] ?? [])]));
  }, 300_000);

  /** The API's occurrences of each series equal dateutil's expansion of the rule, and what both feed readers show. */
  function expectReadersAgree(keys: string[]) {
    for (const key of keys) {
      const api = spans(listed.get(key)!);
      expect([key, 'dateutil', byDateutil[key]]).toEqual([key, 'dateutil', api]);
      if (READERS_SKIP_REPEATED_TIME.has(key)) continue;
      expect([key, 'recurring-ical-events', byIcal[key]]).toEqual([key, 'recurring-ical-events', api]);
      expect([key, 'khal', byKhal[key]]).toEqual([key, 'khal', api.filter(([start]) => start < '2030-01-01')]);
    }
  }
  const unfolded = (key: string) => pageFeeds[key].replace(/\r\n /g, '');

  it('item 1: an occurrence at a skipped local time is listed 03:30–04:00 EDT, as every reader shows it', () => {
    expect(listed.get('nyGapDaily')!.map((e) => [e.start_date.slice(5), e.end_date.slice(11)])).toContainEqual(['03-14 03:30:00', '04:00:00']);
    expect(firsts.get('nyGapDaily')!.series.occurrences).toBe(5);
    expect(listed.get('nyGapDaily')).toHaveLength(5);
    expectReadersAgree(['nyGapDaily']);
  });

  it('item 2: a first event at a skipped time moves alone; the rule keeps 02:30 for the others', () => {
    expect(listed.get('nyGapFirst')!.map((e) => e.start_date.slice(11))).toEqual(['03:30:00', '02:30:00', '02:30:00', '02:30:00']);
    expect(unfolded('nyGapFirst')).toContain('DTSTART;TZID=America/New_York:20270314T023000');
    expectReadersAgree(['nyGapFirst']);
  });

  it('item 3: the API, the page and the feed give every occurrence the first event’s exact duration', async () => {
    expect(listed.get('londonNightSpring')!.map((e) => e.end_date.slice(11))).toEqual(['06:00:00', '07:00:00', '06:00:00']);
    expect(listed.get('londonNightAutumn')!.map((e) => e.end_date.slice(11))).toEqual(['06:00:00', '05:00:00', '06:00:00']);
    expectReadersAgree(['londonNightSpring', 'londonNightAutumn', 'londonSundayGap', 'overnight', 'lordHoweOctober']);
    // The occurrence's page says the same (its JSON-LD).
    const page = (await t.http.get(sitePath(listed.get('londonNightSpring')![1].url)).expect(200)).text;
    expect(page).toContain('"endDate":"2027-03-28T07:00:00+01:00"');
  });

  it('item 4: UNTIL has DTSTART’s value type in the feed, so clients list what the API lists', () => {
    expect(unfolded('untilDate')).toMatch(/^RRULE:FREQ=WEEKLY;UNTIL=20270414T035959Z;BYDAY=TU,TH\r$/m);
    expect(unfolded('allDayUntil')).toMatch(/^RRULE:FREQ=WEEKLY;UNTIL=20270315\r$/m);
    expect(listed.get('untilDate')).toHaveLength(7);
    expect(listed.get('allDayUntil')).toHaveLength(3);
    expectReadersAgree(['untilDate', 'allDayUntil', 'untilUtc']);
  });

  it('item 5: the VTIMEZONE of 1,000 daily occurrences reaches the last one', () => {
    expect(listed.get('thousand')).toHaveLength(1000);
    const observances = [...unfolded('thousand').matchAll(/^DTSTART:(\d{4})/gm)].map((m) => Number(m[1]));
    expect(Math.max(...observances)).toBeGreaterThanOrEqual(2029);
    expectReadersAgree(['thousand']);
  });

  it('every other series of the issue reads as the API lists it', () => {
    expect(pageFeeds.nyFallBack).toContain('DTSTART;TZID=America/New_York:20271105T013000');
    const done = [
      'nyGapDaily',
      'nyGapFirst',
      'londonNightSpring',
      'londonNightAutumn',
      'londonSundayGap',
      'overnight',
      'lordHoweOctober',
      'untilDate',
      'allDayUntil',
      'untilUtc',
      'thousand',
    ];
    expectReadersAgree(Object.keys(CASES).filter((key) => !done.includes(key)));
  });
});

describe('changed series as calendar apps read them (issue #30)', () => {
  let t: TestApp;

  const create = async (title: string, start: string, end: string, rrule: string) =>
    (
      await t.http
        .post(`${BASE}/events`)
        .set('Authorization', ADMIN)
        .send({ title, start_date: start, end_date: end, timezone: 'America/New_York', status: 'publish', recurrence: { rrule } })
        .expect(201)
    ).body as Json;
  const change = async (id: number, body: Json) => (await t.http.post(`${BASE}/events/${id}`).set('Authorization', ADMIN).send(body).expect(200)).body as Json;
  const occurrencesOf = (firstId: number) => listedIn(t, ALL.start, ALL.end, { post_parent: firstId });
  const read = async (id: number) => (await t.http.get(`${BASE}/events/${id}`).expect(200)).body as Json;
  const pageFeed = async (event: Json) => (await t.http.get(`${sitePath(event.url)}?ical=1`).expect(200)).text;
  const listFeed = async (start: string, end: string) =>
    (await t.http.get(`${BASE}/events`).query({ start_date: start, end_date: end, per_page: 50 }).set('Accept', 'text/calendar').expect(200)).text;
  const uidsOf = (feed: string) => [...new Set([...feed.replace(/\r\n /g, '').matchAll(/^UID:(.*)\r$/gm)].map((m) => m[1]))];

  /** Every occurrence a feed's readers show, per UID, against the API's list of these series. */
  function expectReadersAgree(feeds: Record<string, string>, expected: Record<string, Span[]>) {
    const byIcal = icalendarSpans(feeds);
    const byKhal = khalSpans(feeds, '2026-06-01', '2028-06-01');
    for (const key of Object.keys(feeds)) {
      const all = (source: Record<string, Span[] | [string, string, string][]>) =>
        Object.values(source ?? {})
          .flat()
          .map(([s, e]) => [s, e] as Span)
          .sort((a, b) => a[0].localeCompare(b[0]));
      expect([key, 'recurring-ical-events', all(byIcal[key])]).toEqual([key, 'recurring-ical-events', expected[key]]);
      expect([key, 'khal', all(byKhal[key])]).toEqual([key, 'khal', expected[key]]);
    }
  }

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  /** Weekly Mondays with the second one moved to 2027-02-15 20:30, and the API's occurrences after it. */
  async function movedMonday(title: string): Promise<{ first: Json; api: Span[] }> {
    const first = await create(title, '2027-01-04 10:00:00', '2027-01-04 11:00:00', 'FREQ=WEEKLY;BYDAY=MO;COUNT=4');
    const [, second] = await occurrencesOf(first.id);
    await change(second.id, { start_date: '2027-02-15 20:30:00', end_date: '2027-02-15 21:30:00' });
    const api = spans(await occurrencesOf(first.id));
    expect(api.map(([s]) => s.slice(0, 10))).toEqual(['2027-01-04', '2027-01-18', '2027-01-25', '2027-02-16']);
    return { first, api };
  }

  it('item 6: the first event’s page feed carries the moved occurrence', async () => {
    const { first, api } = await movedMonday('Mondays');
    expectReadersAgree({ firstPage: await pageFeed(first) }, { firstPage: api });
  }, 120_000);

  it('item 9 (and a single change): a window without the moved occurrence carries it with the rule, no phantom', async () => {
    const { api } = await movedMonday('Moved Mondays');
    const january = await listFeed('2027-01-01', '2027-01-31');
    const master = january
      .replace(/\r\n /g, '')
      .split('BEGIN:VEVENT')
      .find((block) => block.includes('SUMMARY:Moved Mondays\r') && block.includes('RRULE:'))!;
    const uid = /^UID:(.*)\r$/m.exec(master)![1];
    const byIcal = icalendarSpans({ january }).january[uid];
    expect(byIcal.map(([s, e]) => [s, e])).toEqual(api);
    expect(khalSpans({ january }, '2026-06-01', '2028-06-01').january[uid]).toEqual(api);
  }, 120_000);

  it('an occurrence made private alone is an EXDATE in an anonymous feed: readers show what the anonymous API lists', async () => {
    const walks = await create('Walks', '2027-06-01 08:00:00', '2027-06-01 09:00:00', 'FREQ=WEEKLY;COUNT=4');
    const [, second] = await occurrencesOf(walks.id);
    await change(second.id, { status: 'private' });
    const anonymous = spans(await occurrencesOf(walks.id));
    expect(anonymous).toHaveLength(3);
    const feed = await pageFeed(walks);
    expect(feed).toContain('EXDATE;TZID=America/New_York:20270608T080000');
    expectReadersAgree({ walks: feed }, { walks: anonymous });
  }, 120_000);

  it('a deleted occurrence, then `scope: following` to 18:00: both series read as the API lists them, the change re-keyed (item 7)', async () => {
    const talks = await create('Talks', '2027-03-02 19:00:00', '2027-03-02 20:00:00', 'FREQ=WEEKLY;BYDAY=TU;COUNT=10');
    const before = await occurrencesOf(talks.id);
    await t.http.delete(`${BASE}/events/${before[1].id}`).set('Authorization', ADMIN).expect(200);
    await change(before[3].id, { title: 'Talks (special)' }); // 2027-03-23, changed alone
    await change(before[2].id, { start_date: '2027-03-16 18:00:00', end_date: '2027-03-16 19:00:00', scope: 'following' });
    const head = await occurrencesOf(talks.id);
    const tail = await occurrencesOf(before[2].id);
    expect(head.length + tail.length).toBe(9);
    // The occurrence changed alone keeps its own time; the rule's others move to 18:00.
    expect(tail.map((e) => [e.title, e.start_date.slice(11)])).toEqual(tail.map((e) => [e.title, e.title === 'Talks' ? '18:00:00' : '19:00:00']));
    const feeds = { head: await pageFeed(talks), tail: await pageFeed(await read(before[2].id)) };
    expect(feeds.tail.replace(/\r\n /g, '')).toContain('RECURRENCE-ID;TZID=America/New_York:20270323T180000');
    expectReadersAgree(feeds, { head: spans(head), tail: spans(tail) });
  }, 120_000);

  it('`scope: all` to another time keeps the series’ UID (item 8) and its readers agree', async () => {
    const club = await create('Club', '2027-05-04 19:00:00', '2027-05-04 21:00:00', 'FREQ=WEEKLY;COUNT=5');
    const uid = uidsOf(await pageFeed(club));
    await change(club.id, { start_date: '2027-05-04 18:30:00', end_date: '2027-05-04 20:30:00', scope: 'all' });
    const feed = await pageFeed(await read(club.id));
    expect(uidsOf(feed)).toEqual(uid);
    const api = spans(await occurrencesOf(club.id));
    expect(api.map(([s]) => s.slice(11))).toEqual(Array(5).fill('22:30:00Z'));
    expectReadersAgree({ club: feed }, { club: api });
  }, 120_000);
});
