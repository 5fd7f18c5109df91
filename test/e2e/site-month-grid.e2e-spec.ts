import { OptionsStore } from '../../src/wordpress/options.store';
import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, SITE, startTestApp, TestApp } from '../support/test-app';
import { createdSeries, listedIn } from './site-recurring-helpers';
import { created, sitePath } from './site-test-helpers';

// The month grid at /events/month/ (issue #24): weeks from the site's start_of_week, each day the
// events the API lists that start on it, today marked, prev/next months, visibility and escaping as
// the list's, the discovery headers and the response cache of every page.
const YEAR = new Date().getUTCFullYear() + 1;
const MONTH = `${YEAR}-04`;

type Json = Record<string, any>;

/** Each day cell of a grid: its date, its classes and the links it lists. */
function cells(html: string): { day: string; classes: string; current: boolean; links: string[] }[] {
  return [...html.matchAll(/<td( class="([^"]*)")?( aria-current="date")?><time class="day" datetime="([\d-]+)"[^>]*>\d+<\/time>(.*?)<\/td>/g)].map((m) => ({
    day: m[4],
    classes: m[2] ?? '',
    current: !!m[3],
    links: [...m[5].matchAll(/<a href="([^"]+)">/g)].map((a) => a[1].replace(/&amp;/g, '&')),
  }));
}

const columns = (html: string) => [...html.matchAll(/<th scope="col"><abbr title="(\w+)">/g)].map((m) => m[1]);

describe('the month grid', () => {
  let t: TestApp;
  let series: Json;
  let draft: Json;

  beforeAll(async () => {
    t = await startTestApp();
    series = await createdSeries(
      t,
      { title: 'Evening class', start_date: `${YEAR}-03-30 19:00:00`, end_date: `${YEAR}-03-30 21:00:00`, timezone: 'America/New_York' },
      { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=12' },
    );
    await created(t, 'events', { title: 'Q&A: 2 > 1', start_date: `${YEAR}-04-17 10:00:00`, end_date: `${YEAR}-04-17 12:00:00` });
    await created(t, 'events', { title: 'Spring fair', start_date: `${YEAR}-04-24`, end_date: `${YEAR}-04-24`, all_day: true });
    draft = await created(t, 'events', {
      title: 'Secret rehearsal',
      status: 'draft',
      start_date: `${YEAR}-04-20 18:00:00`,
      end_date: `${YEAR}-04-20 19:00:00`,
    });
  });
  afterAll(() => t.close());

  it('lists on each day of the grid the events the API lists as starting that day, with links to their pages', async () => {
    const res = await t.http.get(`/events/month/?month=${MONTH}`).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    const grid = cells(res.text);
    expect(grid.length % 7).toBe(0);
    expect(columns(res.text)[0]).toBe('Monday'); // WordPress's default start_of_week
    expect(new Date(`${grid[0].day}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(grid.filter((c) => !c.classes.includes('other-month')).map((c) => c.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, '0')}`),
    );
    const listed = await listedIn(t, grid[0].day, grid[grid.length - 1].day);
    expect(listed.filter((e) => e.title === 'Evening class').length).toBeGreaterThan(8);
    for (const cell of grid) {
      const starting = listed.filter((e) => e.start_date.startsWith(cell.day)).map((e) => e.url);
      expect({ day: cell.day, links: cell.links }).toEqual({ day: cell.day, links: starting });
    }
    expect(res.text).toContain('>Q&amp;A: 2 &gt; 1</a>');
    expect(res.text).toMatch(/Spring fair<\/a> <span class="muted">All day<\/span>/);
    expect(res.text).toMatch(/Evening class<\/a> <span class="muted">7:00 PM<\/span>/);
    expect(res.text).not.toContain('Secret rehearsal');
    expect(res.text).toContain(`<a rel="prev" href="${SITE}/events/month/?month=${YEAR}-03">← March ${YEAR}</a>`);
    expect(res.text).toContain(`<a rel="next" href="${SITE}/events/month/?month=${YEAR}-05">May ${YEAR} →</a>`);
  });

  it('shows a caller what the list shows them: an editor sees the draft', async () => {
    const res = await t.http.get(`/events/month/?month=${MONTH}`).set('Authorization', ADMIN).expect(200);
    const cell = cells(res.text).find((c) => c.day === `${YEAR}-04-20`)!;
    expect(cell.links).toContain(draft.url);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('follows the links: an occurrence page says how its series repeats and links to the first event', async () => {
    const res = await t.http.get(`/events/month/?month=${MONTH}`).expect(200);
    const occurrence = cells(res.text).find((c) => c.day === `${YEAR}-04-08`)!.links[0];
    const page = await t.http.get(sitePath(occurrence)).expect(200);
    expect(page.text).toContain('<strong>Every Tuesday and Thursday, 12 times</strong>.');
    expect(page.text).toContain(`<a rel="first" href="${series.url}">First event of the series: Evening class, `);
    const first = await t.http.get(sitePath(series.url)).expect(200);
    expect(first.text).toContain('<strong>Every Tuesday and Thursday, 12 times</strong>.');
    expect(first.text).not.toContain('rel="first"');
  });

  it('marks today in the current month, the default, in the site’s zone', async () => {
    const res = await t.http.get('/events/month/').expect(200);
    const today = new Date().toISOString().slice(0, 10); // the test site's zone is UTC
    const marked = cells(res.text).filter((c) => c.current);
    expect(marked.map((c) => c.day)).toEqual([today]);
    expect(marked[0].classes).toContain('today');
    expect(res.text).toContain(`<link rel="alternate" href="${SITE}/wp-json/tribe/events/v1/events?start_date=${today.slice(0, 7)}-01&amp;end_date=`);
  });

  it('has the pages’ discovery headers and cache, and its feed is the month’s', async () => {
    const res = await t.http.get(`/events/month/?month=${MONTH}`).expect(200);
    expect(res.headers['x-tec-api-version']).toBe('v1');
    expect(res.headers['x-tec-api-root']).toBe(`${SITE}/wp-json/tribe/events/v1/`);
    expect(res.headers['x-tec-api-origin']).toBe(SITE);
    expect(res.headers.link).toContain(
      `<${SITE}/wp-json/tribe/events/v1/events?start_date=${MONTH}-01&end_date=${MONTH}-30>; rel="alternate"; type="application/json"`,
    );
    expect(res.headers.link).toContain(`<${SITE}/events/month/?month=${MONTH}&ical=1>; rel="alternate"; type="text/calendar"`);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    await t.http.get(`/events/month/?month=${MONTH}`).set('If-None-Match', res.headers.etag).expect(304);
    const feed = await t.http.get(`/events/month/?month=${MONTH}&ical=1`).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=UTF-8');
    expect(feed.text).toContain('RRULE:FREQ=WEEKLY;COUNT=12;BYDAY=TU,TH');
  });

  it('starts weeks on the site’s start_of_week', async () => {
    await t.app.get(OptionsStore).set('start_of_week', '0');
    await bumpCacheVersion(t);
    const res = await t.http.get(`/events/month/?month=${MONTH}`).expect(200);
    expect(columns(res.text)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(new Date(`${cells(res.text)[0].day}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('past the known range is a valid empty grid; a month that is not one is the 404 page', async () => {
    const far = await t.http.get('/events/month/?month=9999-12').expect(200);
    expect(cells(far.text).filter((c) => !c.classes.includes('other-month'))).toHaveLength(31);
    expect(far.text).toContain('There are no events in December 9999.');
    expect(far.text).not.toContain('rel="next"');
    for (const month of ['2027-13', '27-04', 'april']) await t.http.get(`/events/month/?month=${month}`).expect(404);
  });
});
