import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIXTURES } from '../support/fixture-paths';
import { ADMIN, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { ECA } from './changes-test-helpers';
import { EVENTS, eventMeta } from './events-write-helpers';

type Json = Record<string, any>;

const IMPORTS = `${ECA}/imports`;
const PRODUCERS = ['outlook.ics', 'google.ics', 'apple.ics', 'thunderbird.ics'];
const file = (name: string) => readFileSync(resolve(FIXTURES, 'import', name));

/**
 * iCalendar import over HTTP (docs/import.md): files shaped as Outlook/Exchange, Google Calendar, Apple
 * Calendar and Thunderbird write them (test/fixtures/import/, written from each one's documented
 * output), read back through the events API; re-import, updates, bad input and permissions.
 */
describe('import (iCalendar)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: Buffer | string, auth = ADMIN) => t.http.post(IMPORTS).set('Authorization', auth).set('Content-Type', 'text/calendar').send(body);
  const imported = async (body: Buffer | string) => {
    const res = await post(body);
    if (res.status !== 201) throw new Error(`import failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const event = async (id: number): Promise<Json> => (await t.http.get(`${EVENTS}/${id}`).set('Authorization', ADMIN).expect(200)).body;
  const eventCount = async () =>
    Number((await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_events'`))!.n);
  const occurrences = async (first: number): Promise<Json[]> => {
    const res = await t.http
      .get(EVENTS)
      .query({ post_parent: first, start_date: '2026-01-01', per_page: 50, status: 'publish' })
      .set('Authorization', ADMIN)
      .expect(200);
    return res.body.events;
  };
  const byTitle = (report: Json, title: string) => report.items.find((i: Json) => i.title === title);

  let reports: Record<string, Json> = {};

  it('imports every producer’s file: one event per VEVENT, a report of what was created', async () => {
    reports = {};
    for (const name of PRODUCERS) reports[name] = await imported(file(name));
    expect(reports['outlook.ics'].counts).toEqual({ created: 2, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    expect(reports['google.ics'].counts).toEqual({ created: 3, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    expect(reports['apple.ics'].counts).toEqual({ created: 2, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    expect(reports['thunderbird.ics'].counts).toEqual({ created: 2, updated: 0, unchanged: 0, trashed: 0, failed: 0 });
    expect(reports['google.ics']).toMatchObject({ status: 'completed', format: 'ical', source_kind: 'body' });
    expect(byTitle(reports['google.ics'], 'Team sync')).toMatchObject({ action: 'created', line: 26, uid: '7kukuqrfedlm2f9t0vpb1bbu8r@google.com' });
  });

  it('Outlook: Windows zone names, the HTML description sanitised, organizer and location', async () => {
    const planning = await event(byTitle(reports['outlook.ics'], 'Quarterly planning').event_id);
    expect(planning).toMatchObject({ start_date: '2027-03-15 09:30:00', end_date: '2027-03-15 11:30:00', timezone: 'Europe/Berlin', all_day: false });
    expect(planning.utc_start_date).toBe('2027-03-15 08:30:00');
    expect(planning.description).toContain('<b>planning</b>');
    expect(planning.description).not.toContain('script');
    expect(planning.venue.venue).toBe('Board Room');
    expect(planning.organizer[0]).toMatchObject({ organizer: 'Ada Lovelace', email: 'ada@example.org' });

    const standUp = await event(byTitle(reports['outlook.ics'], 'Stand-up').event_id);
    expect(standUp).toMatchObject({ start_date: '2027-01-04 16:00:00', timezone: 'America/New_York' });
    expect(standUp.recurrence.exdate).toEqual(['2027-01-11 16:00:00']);
    // UNTIL 21:00Z is 16:00 in New York: Jan 4, 18 and 25 (the 11th left out).
    expect((await occurrences(standUp.id)).map((e) => e.start_date)).toEqual(['2027-01-04 16:00:00', '2027-01-18 16:00:00', '2027-01-25 16:00:00']);
  });

  it('Google: the series with its moved occurrence and its cancelled one left out; all-day, UTC times in the calendar’s zone', async () => {
    const sync = await event(byTitle(reports['google.ics'], 'Team sync').event_id);
    expect(sync).toMatchObject({ start_date: '2027-03-02 10:00:00', end_date: '2027-03-02 11:00:00', timezone: 'America/New_York' });
    expect(sync.venue).toMatchObject({ venue: 'Office', address: '5 Av. Anatole France, 75007 Paris, France' });
    expect(sync.description).toContain('<a href="https://example.org/agenda">here</a>');
    const all = await occurrences(sync.id);
    expect(all.map((e) => [e.start_date, e.title])).toEqual([
      ['2027-03-02 10:00:00', 'Team sync'],
      ['2027-03-09 10:00:00', 'Team sync'],
      ['2027-03-16 14:00:00', 'Team sync (moved)'],
      ['2027-03-30 10:00:00', 'Team sync'],
      ['2027-04-06 10:00:00', 'Team sync'],
    ]);
    expect(sync.recurrence.exdate).toEqual(['2027-03-23 10:00:00']);

    const offsite = await event(byTitle(reports['google.ics'], 'Offsite').event_id);
    expect(offsite).toMatchObject({
      all_day: true,
      start_date: '2027-04-10 00:00:00',
      end_date: '2027-04-12 23:59:59',
      website: 'https://example.org/offsite',
    });
    expect(offsite.categories.map((c: Json) => c.name)).toEqual(['Travel']);
    const webinar = await event(byTitle(reports['google.ics'], 'Webinar').event_id);
    expect(webinar).toMatchObject({ start_date: '2027-05-01 13:00:00', end_date: '2027-05-01 14:30:00', timezone: 'America/New_York' });
  });

  it('Apple: BOM, UTF-8, folded and escaped text, the image by URL, geo', async () => {
    const fete = await event(byTitle(reports['apple.ics'], 'Fête de la musique').event_id);
    expect(fete).toMatchObject({ start_date: '2027-06-20 19:00:00', end_date: '2027-06-20 23:00:00', timezone: 'Europe/Paris' });
    expect(fete.description).toContain('on se retrouve au café, puis on marche vers la Seine. Prévoir un pull; la soirée sera longue.');
    expect(fete.venue).toMatchObject({ venue: 'Café de Flore', address: '172 Bd Saint-Germain, Paris' });
    expect(fete.image.url).toBe('https://images.example.org/poster.jpg');
    const national = await event(byTitle(reports['apple.ics'], 'Fête nationale').event_id);
    expect(national).toMatchObject({ all_day: true, start_date: '2027-07-14 00:00:00', end_date: '2027-07-14 23:59:59', timezone: 'Europe/Paris' });
  });

  it('Thunderbird: the /mozilla.org/ TZID prefix, LF line ends, categories; a VTIMEZONE with no IANA name gives its UTC offset', async () => {
    const choir = await event(byTitle(reports['thunderbird.ics'], 'Chorprobe').event_id);
    expect(choir).toMatchObject({ start_date: '2027-02-03 19:30:00', end_date: '2027-02-03 21:30:00', timezone: 'Europe/Berlin' });
    expect(choir.categories.map((c: Json) => c.name).sort()).toEqual(['Music', 'Rehearsal']);
    expect(choir.description).toContain('Noten mitbringen &amp; pünktlich sein &lt;bitte&gt;');
    expect(await occurrences(choir.id)).toHaveLength(4);
    const offset = await event(byTitle(reports['thunderbird.ics'], 'Offset zone').event_id);
    expect(offset).toMatchObject({
      start_date: '2027-08-01 10:00:00',
      end_date: '2027-08-01 11:30:00',
      timezone: 'UTC+5.5',
      utc_start_date: '2027-08-01 04:30:00',
    });
  });

  it('keeps Event Aggregator’s origin and UID on each event', async () => {
    const id = byTitle(reports['google.ics'], 'Team sync').event_id;
    const meta = await eventMeta(t, id);
    expect(meta._uid).toEqual(['7kukuqrfedlm2f9t0vpb1bbu8r@google.com']);
    expect(meta._EventOrigin).toEqual(['event-aggregator']);
    expect(meta._tribe_aggregator_origin).toEqual(['ics']);
    expect(meta._tribe_aggregator_source).toEqual(['request body']);
  });

  it('the same files imported again change nothing', async () => {
    const before = await eventCount();
    for (const name of PRODUCERS) {
      const again = await imported(file(name));
      expect(again.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
      expect(again.counts.unchanged).toBe(reports[name].counts.created);
      expect(again.items.map((i: Json) => i.event_id)).toEqual(reports[name].items.map((i: Json) => i.event_id));
    }
    expect(await eventCount()).toBe(before);
  });

  it('a changed VEVENT (new SEQUENCE) updates its event; its series keeps its posts', async () => {
    const before = await eventCount();
    const changed = file('google.ics')
      .toString()
      .replace('SUMMARY:Team sync\r\nTRANSP', 'SUMMARY:Team sync (new room)\r\nTRANSP')
      .replace('LAST-MODIFIED:20261002T120000Z\r\nLOCATION:Office', 'LAST-MODIFIED:20261102T120000Z\r\nLOCATION:Room 2')
      .replace(/SEQUENCE:0\r\nSTATUS:CONFIRMED\r\nSUMMARY:Team sync \(new/, 'SEQUENCE:1\r\nSTATUS:CONFIRMED\r\nSUMMARY:Team sync (new');
    const report = await imported(changed);
    expect(report.counts).toMatchObject({ created: 0, updated: 1, unchanged: 2, failed: 0 });
    const id = byTitle(reports['google.ics'], 'Team sync').event_id;
    expect(byTitle(report, 'Team sync (new room)')).toMatchObject({ action: 'updated', event_id: id });
    const titles = (await occurrences(id)).map((e) => e.title);
    expect(titles).toEqual(['Team sync (new room)', 'Team sync (new room)', 'Team sync (moved)', 'Team sync (new room)', 'Team sync (new room)']);
    expect((await event(id)).venue.venue).toBe('Room 2');
    expect(await eventCount()).toBe(before);
  });

  it('STATUS:CANCELLED imports the event unpublished', async () => {
    const report = await imported(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:cancelled-1',
        'DTSTART:20270901T100000Z',
        'SUMMARY:Called off',
        'STATUS:CANCELLED',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    expect((await event(report.items[0].event_id)).status).toBe('draft');
  });

  it('a file that is not iCalendar is refused with 400 naming the line; nothing is written', async () => {
    const before = await eventCount();
    const notCalendar = await post('Subject,Start\nParty,2027-01-01\n').expect(400);
    expect(notCalendar.body).toMatchObject({ code: 'eca_import_malformed', data: { status: 400, line: 1 } });
    expect(notCalendar.body.message).toContain('Line 1');
    const unclosed = await post(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20270101T100000Z', 'END:VCALENDAR'].join('\r\n')).expect(
      400,
    );
    expect(unclosed.body.message).toBe('The file is not an iCalendar file. Line 6: END:VCALENDAR closes BEGIN:VEVENT of line 3.');
    const garbage = await post(['BEGIN:VCALENDAR', 'VERSION:2.0', 'this is not a content line', 'END:VCALENDAR'].join('\r\n')).expect(400);
    expect(garbage.body.data.line).toBe(3);
    expect(await eventCount()).toBe(before);
  });

  it('a partly bad file imports its good events and reports each bad one with its line; a refused series writes nothing of itself', async () => {
    const before = await eventCount();
    const report = await imported(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:good-1',
        'DTSTART:20271001T100000Z',
        'SUMMARY:Good one',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:bad-date',
        'DTSTART:2027100',
        'SUMMARY:Bad date',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:too-long',
        'DTSTART;TZID=Europe/Paris:20271001T100000',
        'RRULE:FREQ=DAILY;COUNT=5000',
        'SUMMARY:Endless',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:unknown-zone',
        'DTSTART;TZID=Mars/Olympus:20271001T100000',
        'SUMMARY:Elsewhere',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'DTSTART:20271001T100000Z',
        'SUMMARY:No UID',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    expect(report.counts).toMatchObject({ created: 1, failed: 4 });
    const failures = report.items.filter((i: Json) => i.action === 'failed');
    expect(failures.map((f: Json) => [f.line, f.uid])).toEqual([
      [10, 'bad-date'],
      [16, 'too-long'],
      [21, 'unknown-zone'],
      [24, null],
    ]);
    expect(failures[0].reason).toBe('DTSTART: "2027100" is not a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, Z for UTC).');
    expect(failures[1].reason).toMatch(/recurrence: .*1,?000/);
    expect(failures[2].reason).toBe('TZID "Mars/Olympus" is neither a known time zone nor a VTIMEZONE of the file.');
    expect(failures[3].reason).toBe('the VEVENT has no UID.');
    expect(await eventCount()).toBe(before + 1);
    const titles = await t.db.sql.rows(`SELECT ID FROM ${t.db.sql.table('posts')} WHERE post_title = 'Endless'`);
    expect(titles).toEqual([]);
  });

  it('a series whose changed occurrence is refused after the series was written leaves nothing of itself (one transaction)', async () => {
    const before = await eventCount();
    const tooManyTerms = Array.from({ length: 101 }, (_, i) => `New term ${i}`).join(',');
    const report = await imported(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:half-series',
        'DTSTART;TZID=Europe/Paris:20271105T180000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'SUMMARY:Half series',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:half-series',
        'RECURRENCE-ID;TZID=Europe/Paris:20271112T180000',
        'DTSTART;TZID=Europe/Paris:20271112T190000',
        'SUMMARY:Half series (changed)',
        `CATEGORIES:${tooManyTerms}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    expect(report.counts).toMatchObject({ created: 0, failed: 1 });
    expect(report.items[0]).toMatchObject({ action: 'failed', uid: 'half-series', line: 14 });
    expect(report.items[0].reason).toMatch(/100 new categories and tags/);
    expect(await eventCount()).toBe(before);
    const terms = await t.db.sql.rows(`SELECT term_id FROM ${t.db.sql.table('terms')} WHERE name LIKE 'New term %'`);
    expect(terms).toEqual([]);
  });

  it('a multipart upload imports the same way (its file name is the source)', async () => {
    const res = await t.http.post(IMPORTS).set('Authorization', ADMIN).attach('file', file('apple.ics'), 'apple.ics').expect(201);
    expect(res.body).toMatchObject({ source_kind: 'file', source: 'apple.ics', counts: { unchanged: 2, created: 0 } });
  });

  it('reports are listed (newest first, without items) and read one by one, by administrators only', async () => {
    const list = await t.http.get(IMPORTS).set('Authorization', ADMIN).expect(200);
    expect(list.body.imports.length).toBeGreaterThanOrEqual(4);
    expect(list.body.imports[0].id).toBeGreaterThan(list.body.imports[1].id);
    expect(list.body.imports[0].items).toBeUndefined();
    const one = await t.http.get(`${IMPORTS}/${reports['google.ics'].id}`).set('Authorization', ADMIN).expect(200);
    expect(one.body).toEqual(reports['google.ics']);
    await t.http.get(`${IMPORTS}/99999`).set('Authorization', ADMIN).expect(404);

    const editor = await userWithRole(t, 'editor');
    expect((await post(file('google.ics'), editor.auth)).status).toBe(403);
    await t.http.get(IMPORTS).set('Authorization', editor.auth).expect(403);
    expect((await t.http.post(IMPORTS).set('Content-Type', 'text/calendar').send(file('google.ics'))).status).toBe(401);
  });

  it('a URL must be public http(s): private addresses and other schemes are refused before anything is read', async () => {
    const local = await t.http.post(IMPORTS).set('Authorization', ADMIN).send({ url: 'http://127.0.0.1:9/calendar.ics' }).expect(400);
    expect(local.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { url: 'The URL points to a non-public address.' } } });
    const metadata = await t.http.post(IMPORTS).set('Authorization', ADMIN).send({ url: 'http://169.254.169.254/latest' }).expect(400);
    expect(metadata.body.data.params.url).toBe('The URL points to a non-public address.');
    const fileUrl = await t.http.post(IMPORTS).set('Authorization', ADMIN).send({ url: 'file:///etc/passwd' }).expect(400);
    expect(fileUrl.body.data.params.url).toBe('The URL must be an http, https or webcal URL.');
    const nothing = await t.http.post(IMPORTS).set('Authorization', ADMIN).send({}).expect(400);
    expect(nothing.body.code).toBe('eca_import_no_file');
  });

  it('is declared in the service’s namespace index', async () => {
    const index = await t.http.get(ECA).expect(200);
    expect(Object.keys(index.body.routes)).toEqual(expect.arrayContaining(['/eca/v1/imports', '/eca/v1/imports/(?P<id>\\d+)']));
    expect(index.body.routes['/eca/v1/imports'].methods).toEqual(['GET', 'POST']);
  });
});
