import ICAL from 'ical.js';
import { parseCalendar, rawLines } from '../support/icalendar';
import { BASE, startTestApp, TestApp } from '../support/test-app';
import { changedOccurrence, createdSeries, listedIn } from './site-recurring-helpers';
import { created, sitePath } from './site-test-helpers';

// Series in iCalendar (issue #24): one VEVENT with RRULE/EXDATE/RDATE and a VTIMEZONE per series, a
// VEVENT with RECURRENCE-ID per changed occurrence. Every feed is expanded with ical.js's own
// recurrence expansion and compared with the API's list of the same window: the same occurrences.
const YEAR = new Date().getUTCFullYear() + 1;
const WINDOW = { start: `${YEAR}-01-01`, end: `${YEAR}-06-30` };
const CALENDAR = 'text/calendar';

type Json = Record<string, any>;

/** The first `weekday` (0 = Sunday) of a month, `YYYY-MM-DD`. */
function firstWeekday(month: number, weekday: number): string {
  const day = new Date(Date.UTC(YEAR, month - 1, 1));
  day.setUTCDate(1 + ((weekday - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One occurrence as compared: instants (UTC) for timed events, dates for all-day ones (end exclusive, as iCalendar's DTEND). */
interface Seen {
  start: string;
  end: string;
  summary: string;
}
const byStart = (a: Seen, b: Seen) => a.start.localeCompare(b.start) || a.summary.localeCompare(b.summary);

function fromApi(event: Json): Seen {
  if (event.all_day) return { start: event.start_date.slice(0, 10), end: plusDays(event.end_date.slice(0, 10), 1), summary: event.title };
  const iso = (utc: string) => `${utc.replace(' ', 'T')}.000Z`;
  return { start: iso(event.utc_start_date), end: iso(event.utc_end_date), summary: event.title };
}

const seen = (time: ICAL.Time) => (time.isDate ? time.toString() : time.toJSDate().toISOString());

/** Every occurrence of a feed up to `until`, by ical.js: recurring VEVENTs expanded, exceptions applied by RECURRENCE-ID. */
function expanded(text: string, until = `${YEAR + 1}-01-01`): Seen[] {
  const { calendar } = parseCalendar(text);
  const vevents = calendar.getAllSubcomponents('vevent');
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const last = ICAL.Time.fromDateString(until);
  const out: Seen[] = [];
  for (const component of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(component);
    for (const exception of exceptions.filter((e) => e.getFirstPropertyValue('uid') === event.uid)) event.relateException(exception);
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.compare(last) < 0; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      out.push({ start: seen(details.startDate), end: seen(details.endDate), summary: details.item.summary });
    }
  }
  return out.sort(byStart);
}

describe('series in iCalendar feeds, expanded with ical.js', () => {
  let t: TestApp;
  let talks: Json;
  let fridays: Json;
  let single: Json;
  let moved: Json;
  let listed: Json[];
  /** The moved occurrence before it was changed, and the start the rule gave it. */
  let original: Json;
  let movedFrom: string;

  beforeAll(async () => {
    t = await startTestApp();
    const tuesday = firstWeekday(2, 2);
    // Weekly 10:00 in New York across the March DST change: EST (UTC−5) in February, EDT (UTC−4) after.
    talks = await createdSeries(
      t,
      { title: 'Lunch talk', start_date: `${tuesday} 10:00:00`, end_date: `${tuesday} 11:30:00`, timezone: 'America/New_York' },
      {
        rrule: `FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=${YEAR}0413T235959Z`,
        exdate: [`${plusDays(tuesday, 14)} 10:00:00`, plusDays(tuesday, 16)], // one time, one whole day
        rdate: [`${plusDays(tuesday, 18)} 10:00:00`], // a Saturday
      },
    );
    const lastFriday = plusDays(firstWeekday(2, 5), -7);
    fridays = await createdSeries(
      t,
      { title: 'Book club', start_date: lastFriday, end_date: lastFriday, all_day: true, timezone: 'Europe/Paris' },
      { rrule: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;COUNT=4' },
    );
    single = await created(t, 'events', {
      title: 'Open day',
      start_date: `${YEAR}-05-05 09:00:00`,
      end_date: `${YEAR}-05-05 17:00:00`,
      timezone: 'Europe/Paris',
    });
    const series = (await listedIn(t, WINDOW.start, WINDOW.end)).filter((e) => e.title === 'Lunch talk');
    original = series[5];
    movedFrom = original.start_date;
    moved = await changedOccurrence(t, series[5].id, {
      title: 'Lunch talk (moved)',
      start_date: `${plusDays(movedFrom.slice(0, 10), 1)} 15:00:00`,
      end_date: `${plusDays(movedFrom.slice(0, 10), 1)} 16:30:00`,
    });
    listed = await listedIn(t, WINDOW.start, WINDOW.end);
  });
  afterAll(() => t.close());

  it('the API lists every occurrence as its own event, at 10:00 New York time on both sides of the DST change', () => {
    const talksListed = listed.filter((e) => e.title === 'Lunch talk');
    expect(talksListed.length).toBeGreaterThan(15);
    expect(new Set(talksListed.map((e) => e.start_date.slice(11)))).toEqual(new Set(['10:00:00']));
    expect(new Set(talksListed.map((e) => e.utc_start_date.slice(11)))).toEqual(new Set(['15:00:00', '14:00:00']));
    expect(listed.filter((e) => e.title === 'Book club')).toHaveLength(4);
  });

  it('GET /events as text/calendar: one VEVENT per series with its rule, exceptions by RECURRENCE-ID; ical.js expands it to the API’s list', async () => {
    const res = await t.http.get(`${BASE}/events`).query({ start_date: WINDOW.start, end_date: WINDOW.end, per_page: 50 }).set('Accept', CALENDAR).expect(200);
    const lines = rawLines(res.text);
    const { events, timezones, calendar } = parseCalendar(res.text);
    const masters = calendar.getAllSubcomponents('vevent').filter((v) => !v.hasProperty('recurrence-id'));
    // Two series and the ordinary event: plain occurrences are not repeated.
    expect(masters.map((v) => v.getFirstPropertyValue('summary')).sort()).toEqual(['Book club', 'Lunch talk', 'Open day']);
    const talk = masters.find((v) => v.getFirstPropertyValue('summary') === 'Lunch talk')!;
    expect(String(talk.getFirstPropertyValue('uid'))).toMatch(new RegExp(`^${talks.id}-\\d+@127\\.0\\.0\\.1$`)); // a series' UID for life: its first event and creation
    expect(talk.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    expect(lines.filter((line) => line.startsWith('RRULE:')).sort()).toEqual([
      'RRULE:FREQ=MONTHLY;COUNT=4;BYDAY=FR;BYSETPOS=-1',
      `RRULE:FREQ=WEEKLY;UNTIL=${YEAR}0413T235959Z;BYDAY=TU,TH`,
    ]);
    expect(talk.getAllProperties('exdate').flatMap((p) => p.getValues().map(String))).toHaveLength(2); // the whole day became its 10:00 start
    expect(talk.getFirstProperty('rdate')!.getParameter('tzid')).toBe('America/New_York');
    expect([...timezones.keys()].sort()).toEqual(['America/New_York', 'Europe/Paris']);

    const exception = calendar.getAllSubcomponents('vevent').find((v) => v.hasProperty('recurrence-id'))!;
    expect(exception.getFirstPropertyValue('uid')).toBe(talk.getFirstPropertyValue('uid'));
    expect(exception.getFirstPropertyValue('summary')).toBe('Lunch talk (moved)');
    expect(String(exception.getFirstPropertyValue('recurrence-id'))).toBe(movedFrom.replace(' ', 'T'));
    expect(events.find((e) => e.summary === 'Book club')!.allDay).toBe(true);

    expect(expanded(res.text)).toEqual(listed.map(fromApi).sort(byStart));
  });

  it('the archive’s ?ical=1 feed expands to the API’s upcoming events as well', async () => {
    const res = await t.http.get('/events/?ical=1').expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=UTF-8');
    const upcoming = (await t.http.get(`${BASE}/events`).query({ per_page: 50 }).expect(200)).body.events as Json[];
    expect(expanded(res.text)).toEqual(upcoming.map(fromApi).sort(byStart));
    expect(parseCalendar(res.text).events.filter((e) => e.summary === 'Lunch talk')).toHaveLength(1);
  });

  it('an occurrence page’s feed is its series: the first event with the rule and every changed occurrence (issue #30)', async () => {
    const plain = listed.filter((e) => e.title === 'Lunch talk')[3];
    const ofPlain = await t.http.get(`${sitePath(plain.url)}?ical=1`).expect(200);
    const { events } = parseCalendar(ofPlain.text);
    expect(events.map((e) => e.summary)).toEqual(['Lunch talk', 'Lunch talk (moved)']);
    expect(events[0].startUtc).toBe(`${talks.utc_start_date.replace(' ', 'T')}.000Z`);
    const talksListed = listed.filter((e) => e.title.startsWith('Lunch talk'));
    expect(expanded(ofPlain.text)).toEqual(talksListed.map(fromApi).sort(byStart));
    expect(original.start_date).toBe(movedFrom);
    const ofMoved = await t.http.get(`${sitePath(moved.url)}?ical=1`).expect(200);
    expect(parseCalendar(ofMoved.text).events.map((e) => e.summary)).toEqual(['Lunch talk', 'Lunch talk (moved)']);
    expect(expanded(ofMoved.text)).toEqual(talksListed.map(fromApi).sort(byStart));
  });

  it('an ordinary event keeps its single VEVENT and the plugin’s UID', async () => {
    const { events } = parseCalendar((await t.http.get(`${sitePath(single.url)}?ical=1`).expect(200)).text);
    expect(events).toHaveLength(1);
    expect(events[0].uid).toMatch(new RegExp(`^${single.id}-\\d+-\\d+@127\\.0\\.0\\.1$`));
    expect(fridays.all_day).toBe(true);
  });
});
