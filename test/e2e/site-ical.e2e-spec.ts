import ICAL from 'ical.js';
import { parseCalendar, rawLines } from '../support/icalendar';
import { BASE, SITE, startTestApp, TestApp } from '../support/test-app';
import { insertEvent } from './events-test-helpers';
import { created, sitePath } from './site-test-helpers';

// The iCalendar feeds (issue #15): every feed is parsed with ical.js and compared with the API's own
// data for the same events — instants through the feed's VTIMEZONEs, all-day dates, text, UIDs.
const path = sitePath;
/** Next year: inside the event list's default window (today + 24 months), with a winter and a summer. */
const YEAR = new Date().getUTCFullYear() + 1;
const utcIso = (utc: string) => `${utc.replace(' ', 'T')}.000Z`;

/** `{id}-{start}-{end}@{host}` with the local wall times read as UTC seconds (the plugin's UIDs). */
const uidOf = (event: Record<string, any>) =>
  `${event.id}-${Date.parse(utcIso(event.start_date)) / 1000}-${Date.parse(utcIso(event.end_date)) / 1000}@127.0.0.1`;

describe('iCalendar feeds, parsed with ical.js', () => {
  let t: TestApp;
  let summer: Record<string, any>;
  let winter: Record<string, any>;
  let category: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    category = await created(t, 'categories', { name: 'Folk, roots & more' });
    summer = await created(t, 'events', {
      title: 'Concert d’été à Montréal 🎻',
      description: `<p>Line one, with commas; semicolons and a back\\slash.</p>\n<p>${'Très long texte accentué — '.repeat(12)}</p>`,
      start_date: `${YEAR}-07-10 19:30:00`,
      end_date: `${YEAR}-07-10 22:15:00`,
      timezone: 'America/New_York',
      venue: { venue: 'Salle Wilfrid-Pelletier', address: '175 Sainte-Catherine St W', city: 'Montréal', province: 'QC', country: 'Canada', zip: 'H2X 1Y9' },
      organizer: { organizer: 'Smith, "Jo"', email: 'jo@example.org' },
      categories: [category.id],
    });
    winter = await created(t, 'events', {
      title: 'Winter talk',
      start_date: `${YEAR}-01-20 09:00:00`,
      end_date: `${YEAR}-01-20 10:00:00`,
      timezone: 'America/New_York',
    });
  });
  afterAll(() => t.close());

  it('a single event page’s feed: the plugin’s headers, RFC 5545 lines, the event as the API has it', async () => {
    const res = await t.http.get(`${path(summer.url)}?ical=1`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=UTF-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="events-[0-9a-f]{11}\.ics"$/);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-tec-api-root']).toBe(`${SITE}/wp-json/tribe/events/v1/events/${summer.id}`);
    const lines = rawLines(res.text);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true); // the long description is folded

    const { events, timezones, calendar } = parseCalendar(res.text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-original-url')).toBe(SITE);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.uid).toBe(uidOf(summer));
    expect(event.summary).toBe('Concert d’été à Montréal 🎻');
    expect(event.tzid).toBe('America/New_York');
    expect(event.startUtc).toBe(utcIso(summer.utc_start_date));
    expect(event.endUtc).toBe(utcIso(summer.utc_end_date));
    expect(event.description).toBe(`Line one, with commas; semicolons and a back\\slash. \n${'Très long texte accentué — '.repeat(12).trim()}`);
    expect(event.location).toBe('Salle Wilfrid-Pelletier, 175 Sainte-Catherine St W, Montréal, QC, H2X 1Y9, Canada');
    expect(event.url).toBe(summer.url);
    expect(event.categories).toEqual(['Folk, roots & more']);
    expect(event.organizer).toEqual({ cn: 'Smith, “Jo”', value: 'MAILTO:jo@example.org' }); // the rendered name, quoted
    expect(event.geo).toBeUndefined();
    expect([...timezones.keys()]).toEqual(['America/New_York']);
  });

  it('one VTIMEZONE with daylight saving time: ical.js gets summer and winter offsets right', async () => {
    const text = (await t.http.get(`${path(winter.url)}?ical=1`).expect(200)).text;
    const { events, timezones } = parseCalendar(text);
    expect(events[0].startUtc).toBe(utcIso(winter.utc_start_date));
    expect(winter.utc_start_date).toBe(`${YEAR}-01-20 14:00:00`); // EST, UTC−5
    expect(summer.utc_start_date).toBe(`${YEAR}-07-10 23:30:00`); // EDT, UTC−4
    const zone = timezones.get('America/New_York')!;
    const offsetAt = (month: number) => zone.utcOffset(new ICAL.Time({ year: YEAR, month, day: 15, hour: 12, minute: 0, second: 0, isDate: false }, zone));
    expect(offsetAt(1)).toBe(-5 * 3600);
    expect(offsetAt(7)).toBe(-4 * 3600);
    expect(offsetAt(12)).toBe(-5 * 3600);
  });

  it('all-day events are DATE values, DTEND the day after the last day', async () => {
    const allDay = await created(t, 'events', { title: 'Harvest fair', all_day: true, start_date: `${YEAR}-09-05`, end_date: `${YEAR}-09-07` });
    const text = (await t.http.get(`${path(allDay.url)}?ical=1`).expect(200)).text;
    expect(text).toContain(`DTSTART;VALUE=DATE:${YEAR}0905\r\n`);
    expect(text).toContain(`DTEND;VALUE=DATE:${YEAR}0908\r\n`);
    expect(text).not.toContain('BEGIN:VTIMEZONE');
    const [event] = parseCalendar(text).events;
    expect(event.allDay).toBe(true);
    expect([event.startUtc, event.endUtc]).toEqual([`${YEAR}-09-05`, `${YEAR}-09-08`]);
    expect(event.uid).toBe(uidOf(allDay));
  });

  it('GEO from the venue’s coordinates; several zones each get their VTIMEZONE', async () => {
    const venue = await created(t, 'venues', { venue: 'Opera House', city: 'Sydney', country: 'Australia' });
    const meta = t.db.sql.table('postmeta');
    await t.db.transaction(async () => {
      await t.db.sql.run(`INSERT INTO ${meta} (post_id, meta_key, meta_value) VALUES (?, '_VenueLat', '-33.8568'), (?, '_VenueLng', '151.2153')`, [
        venue.id,
        venue.id,
      ]);
    });
    const sydney = await created(t, 'events', {
      title: 'Harbour lights',
      start_date: `${YEAR}-01-10 20:00:00`,
      end_date: `${YEAR}-01-10 21:00:00`,
      timezone: 'Australia/Sydney',
      venue: venue.id,
    });
    const text = (await t.http.get(`${path(sydney.venue.url)}?ical=1`).expect(200)).text;
    const [event] = parseCalendar(text).events;
    expect(event.geo).toEqual([-33.8568, 151.2153]);
    expect(event.startUtc).toBe(utcIso(sydney.utc_start_date)); // AEDT, UTC+11 in January
    expect(sydney.utc_start_date).toBe(`${YEAR}-01-10 09:00:00`);

    const all = parseCalendar((await t.http.get('/events/?ical=1').expect(200)).text);
    expect([...all.timezones.keys()].sort()).toEqual(['America/New_York', 'Australia/Sydney']);
    for (const event of all.events) {
      const api = (await t.http.get(`${BASE}/events/${event.uid.split('-')[0]}`).expect(200)).body;
      if (!event.allDay) expect([event.startUtc, event.endUtc]).toEqual([utcIso(api.utc_start_date), utcIso(api.utc_end_date)]);
      expect(event.uid).toBe(uidOf(api));
    }
  });

  it('an archive feed holds the next 30 upcoming events, in order; category and tag archives are filtered', async () => {
    for (let i = 0; i < 32; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      await insertEvent(t, { title: `Series ${i}`, start: `${YEAR}-03-${day} 10:${String(i).padStart(2, '0')}:00`, end: `${YEAR}-03-${day} 11:00:00` });
    }
    const feed = parseCalendar((await t.http.get('/events/?ical=1').expect(200)).text);
    expect(feed.events).toHaveLength(30);
    const listed = (await t.http.get(`${BASE}/events?per_page=30`).expect(200)).body.events.map((e: any) => uidOf(e));
    expect(feed.events.map((e) => e.uid)).toEqual(listed);
    const inCategory = parseCalendar((await t.http.get(`${path(category.url)}?ical=1`).expect(200)).text);
    expect(inCategory.events.map((e) => e.summary)).toEqual(['Concert d’été à Montréal 🎻']);
  });

  it('a locked password-protected event: title and dates, "Content is protected." and no location', async () => {
    await insertEvent(t, {
      title: 'Private party',
      slug: 'private-party',
      password: 'pw',
      content: '<p>Secret address</p>',
      start: `${YEAR}-05-01 20:00:00`,
      end: `${YEAR}-05-01 23:00:00`,
    });
    const [locked] = parseCalendar((await t.http.get('/event/private-party/?ical=1').expect(200)).text).events;
    expect(locked.summary).toBe('Private party');
    expect(locked.description).toBe('Content is protected.');
    const [open] = parseCalendar((await t.http.get('/event/private-party/?ical=1&password=pw').expect(200)).text).events;
    expect(open.description).toBe('Secret address');
  });
});

describe('GET /events as iCalendar (Accept: text/calendar)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '3600' } });
    const tag = await created(t, 'tags', { name: 'late' });
    for (let i = 1; i <= 5; i++) {
      await created(t, 'events', {
        title: `Night ${i}`,
        start_date: `${YEAR}-02-0${i} 21:00:00`,
        end_date: `${YEAR}-02-0${i} 23:00:00`,
        timezone: 'Europe/Paris',
        ...(i % 2 ? { tags: [tag.id] } : {}),
      });
    }
  });
  afterAll(() => t.close());

  it('honours filters and paging, with the list’s paging headers and Vary: Accept', async () => {
    const query = `tags=late&per_page=2&page=2`;
    const json = await t.http.get(`${BASE}/events?${query}`).expect(200);
    const ics = await t.http.get(`${BASE}/events?${query}`).set('Accept', 'text/calendar').expect(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=UTF-8');
    expect(json.headers.vary).toContain('Accept');
    expect(ics.headers.vary).toContain('Accept');
    for (const header of ['x-wp-total', 'x-wp-totalpages', 'link']) expect(ics.headers[header]).toBe(json.headers[header]);
    expect(ics.headers['x-wp-total']).toBe('3');
    const feed = parseCalendar(ics.text);
    expect(feed.events.map((e) => e.uid)).toEqual(json.body.events.map((e: any) => uidOf(e)));
    expect(feed.events.map((e) => e.summary)).toEqual(['Night 5']);
    expect(feed.events[0].startUtc).toBe(utcIso(json.body.events[0].utc_start_date));
    // The same URL keeps both answers apart in the response cache.
    expect((await t.http.get(`${BASE}/events?${query}`).expect(200)).headers['content-type']).toBe('application/json; charset=UTF-8');
    expect((await t.http.get(`${BASE}/events?${query}`).set('Accept', 'text/calendar').expect(200)).text).toBe(ics.text);
  });

  it('JSON stays the answer for JSON, */* and browsers; errors stay JSON', async () => {
    for (const accept of ['application/json', '*/*', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
      expect((await t.http.get(`${BASE}/events`).set('Accept', accept).expect(200)).headers['content-type']).toBe('application/json; charset=UTF-8');
    }
    const bad = await t.http.get(`${BASE}/events?per_page=0`).set('Accept', 'text/calendar').expect(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });
});
