import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIXTURE_ENV, loadFixtureDatabase } from '../support/fixture-app';
import { REFERENCE_DIR } from '../support/fixture-paths';
import { parseCalendar } from '../support/icalendar';
import { startTestApp, TestApp } from '../support/test-app';
import { TestDatabase } from '../support/test-database';

// The site's pages and feeds on the real WordPress + TEC database, next to what the plugin itself
// answered there (test/fixtures/reference/90–93): a calendar subscribed to the WordPress site must
// see the same events after the switch, and a client must find the same discovery headers.
const PLUGIN_SITE = 'http://127.0.0.1:8080';

/** The header lines of a recorded answer (`Name: value`, several `Link` lines kept apart). */
function recordedHeaders(name: string): [string, string][] {
  return readFileSync(resolve(REFERENCE_DIR, `${name}.headers`), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.includes(': '))
    .map((line) => [line.slice(0, line.indexOf(': ')).toLowerCase(), line.slice(line.indexOf(': ') + 2)]);
}
const recorded = (name: string, header: string) =>
  recordedHeaders(name)
    .filter(([h]) => h === header)
    .map(([, v]) => v);

describe('site pages and feeds on the fixture database, compared with the plugin (MariaDB)', () => {
  let db: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await loadFixtureDatabase();
    // The plugin's site address, so that URLs and UIDs can be compared as they are.
    t = await startTestApp({ database: db, env: { ...FIXTURE_ENV, SITE_URL: PLUGIN_SITE } });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('event 100’s feed has the plugin’s UID, dates, zone and text', async () => {
    const res = await t.http.get('/event/seed-event-056/?ical=1').expect(200);
    for (const header of ['content-type', 'content-disposition', 'x-robots-tag']) {
      expect(res.headers[header]).toBe(recorded('90-ical-single-event', header)[0]);
    }
    const plugin = parseCalendar(readFileSync(resolve(REFERENCE_DIR, '90-ical-single-event.ics'), 'utf8'));
    const ours = parseCalendar(res.text);
    for (const property of ['version', 'calscale', 'method', 'x-wr-calname', 'x-original-url', 'x-wr-caldesc']) {
      expect(ours.calendar.getFirstPropertyValue(property)).toEqual(plugin.calendar.getFirstPropertyValue(property));
    }
    expect(ours.events).toHaveLength(1);
    const [mine, theirs] = [ours.events[0], plugin.events[0]];
    expect(mine.uid).toBe('100-1807173900-1807188300@127.0.0.1');
    for (const key of ['uid', 'summary', 'description', 'location', 'url', 'categories', 'organizer', 'tzid', 'startUtc', 'endUtc', 'allDay'] as const) {
      expect(mine[key]).toEqual(theirs[key]);
    }
    expect(mine.start.toString()).toBe(theirs.start.toString());
    expect(mine.end.toString()).toBe(theirs.end.toString());
    const vevent = (calendar: typeof ours) => calendar.calendar.getFirstSubcomponent('vevent')!;
    for (const property of ['dtstamp', 'created', 'last-modified']) {
      expect(String(vevent(ours).getFirstPropertyValue(property))).toBe(String(vevent(plugin).getFirstPropertyValue(property)));
    }
    // Both say UTC the same way: one VTIMEZONE, offset +00:00.
    expect([...ours.timezones.keys()]).toEqual([...plugin.timezones.keys()]);
  });

  it.each([
    ['91-page-event', '/event/seed-event-056/'],
    ['92-page-home', '/'],
    ['93-page-category', '/events/category/category-01/'],
  ])('%s: the discovery headers the plugin sent on %s', async (name, url) => {
    const res = await t.http.head(url).expect(200);
    expect(res.headers['content-type']).toBe(recorded(name, 'content-type')[0]);
    for (const header of ['x-tec-api-version', 'x-tec-api-root', 'x-tec-api-origin']) expect(res.headers[header]).toBe(recorded(name, header)[0]);
    // The REST root link, and the shortlink of a post; the plugin's wp/v2 alternate is WordPress core's, not served here.
    const links = recorded(name, 'link').filter((link) => !link.includes('/wp/v2/'));
    for (const link of links) expect(res.headers.link).toContain(link);
  });

  it('the archive feed holds the next 30 events of the fixture, each with the plugin’s UID form', async () => {
    const api = (await t.http.get('/wp-json/tribe/events/v1/events?per_page=30').expect(200)).body.events;
    const feed = parseCalendar((await t.http.get('/events/?ical=1').expect(200)).text);
    expect(feed.events.map((e) => e.uid)).toEqual(
      api.map(
        (e: any) => `${e.id}-${Date.parse(`${e.start_date.replace(' ', 'T')}Z`) / 1000}-${Date.parse(`${e.end_date.replace(' ', 'T')}Z`) / 1000}@127.0.0.1`,
      ),
    );
  });
});
