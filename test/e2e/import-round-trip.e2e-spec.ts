import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { ECA } from './changes-test-helpers';

type Json = Record<string, any>;

const EVENTS = `${BASE}/events`;
const IMPORTS = `${ECA}/imports`;
const WINDOW = { start_date: '2027-01-01', end_date: '2027-12-31' };

/** The events of a site as the API lists them, in a form two sites can share (no IDs, URLs or slugs). */
async function listed(t: TestApp): Promise<Json[]> {
  const res = await t.http
    .get(EVENTS)
    .query({ ...WINDOW, per_page: 50 })
    .set('Authorization', ADMIN)
    .expect(200);
  return res.body.events.map((e: Json) => ({
    title: e.title,
    description: String(e.description)
      .replace(/<[^>]+>/g, '')
      .trim(),
    start_date: e.start_date,
    end_date: e.end_date,
    utc_start_date: e.utc_start_date,
    timezone: e.timezone,
    all_day: e.all_day,
    venue: e.venue?.venue ?? null,
    organizer: (e.organizer ?? []).map((o: Json) => [o.organizer, o.email]),
    categories: (e.categories ?? []).map((c: Json) => c.name).sort(),
    recurrence: e.recurrence ?? null,
    occurrences: e.series?.occurrences ?? null,
  }));
}

/**
 * This service's own feed (`GET /events` as text/calendar) exported from one site and imported into an
 * empty one reproduces the same events, series and changed occurrences; a feed URL is read with the
 * webhooks' rules, redirects checked again.
 */
describe('import: the round trip of this service’s feed', () => {
  let source: TestApp;
  let target: TestApp;
  let server: Server;
  let feed = '';
  let base = '';
  beforeAll(async () => {
    source = await startTestApp();
    // The target reads the feed from a loopback server: private targets allowed there.
    target = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
    server = createServer((req, res) => {
      if (req.url === '/feed.ics') {
        res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
        res.end(feed);
      } else if (req.url?.startsWith('/hop/')) {
        const n = Number(req.url.slice(5));
        res.writeHead(302, { Location: n > 0 ? `/hop/${n - 1}` : '/feed.ics' });
        res.end();
      } else if (req.url === '/to-file') {
        res.writeHead(302, { Location: 'file:///etc/passwd' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await new Promise((done) => server?.close(done));
  });

  const create = async (body: Json) => {
    const res = await source.http.post(EVENTS).set('Authorization', ADMIN).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };

  it('exports the source site’s events and imports them into an empty site: the same events, series and exceptions', async () => {
    await create({
      title: 'Open day',
      start_date: '2027-05-08 09:00:00',
      end_date: '2027-05-08 17:30:00',
      timezone: 'Europe/Paris',
      venue: { venue: 'Town hall', address: '1 Main Street', city: 'Lyon' },
      organizer: [{ organizer: 'Events team', email: 'events@example.org' }],
      categories: ['Public', 'Family'],
      description: 'Doors open at nine.',
    });
    await create({ title: 'Festival', start_date: '2027-07-01', end_date: '2027-07-03', all_day: true });
    const talks = await create({
      title: 'Lunch talk',
      start_date: '2027-03-02 12:00:00',
      end_date: '2027-03-02 13:00:00',
      timezone: 'America/New_York',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=8;BYDAY=TU', exdate: ['2027-03-16 12:00:00'] },
    });
    const moved = (
      await source.http.get(EVENTS).query({ post_parent: talks.id, start_date: '2027-03-23', end_date: '2027-03-23' }).set('Authorization', ADMIN).expect(200)
    ).body.events[0];
    await source.http
      .put(`${EVENTS}/${moved.id}`)
      .set('Authorization', ADMIN)
      .send({ title: 'Lunch talk (moved)', start_date: '2027-03-24 12:30:00', end_date: '2027-03-24 13:30:00' })
      .expect(200);
    await create({ title: 'Offset', start_date: '2027-09-01 10:00:00', end_date: '2027-09-01 11:00:00', timezone: 'UTC+5:30' });

    const exported = await source.http
      .get(EVENTS)
      .query({ ...WINDOW, per_page: 50 })
      .set('Accept', 'text/calendar')
      .expect(200);
    feed = exported.text;
    const report = (
      await target.http
        .post(IMPORTS)
        .set('Authorization', ADMIN)
        .send({ url: `${base}/feed.ics` })
        .expect(201)
    ).body;
    expect(report).toMatchObject({ source_kind: 'url', source: `${base}/feed.ics`, counts: { created: 4, failed: 0 } });

    const before = await listed(source);
    expect(before).toHaveLength(10);
    expect(await listed(target)).toEqual(before);
  });

  it('importing the feed again creates nothing; redirects are followed (each checked), at most 5', async () => {
    const again = (
      await target.http
        .post(IMPORTS)
        .set('Authorization', ADMIN)
        .send({ url: `${base}/hop/4` })
        .expect(201)
    ).body;
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 4, failed: 0 });
    const tooMany = await target.http
      .post(IMPORTS)
      .set('Authorization', ADMIN)
      .send({ url: `${base}/hop/5` })
      .expect(400);
    expect(tooMany.body).toMatchObject({ code: 'eca_import_url_failed', message: 'The URL redirects more than 5 times.' });
    const toFile = await target.http
      .post(IMPORTS)
      .set('Authorization', ADMIN)
      .send({ url: `${base}/to-file` })
      .expect(400);
    expect(toFile.body.message).toBe('The URL must use http, https or webcal.');
    const missing = await target.http
      .post(IMPORTS)
      .set('Authorization', ADMIN)
      .send({ url: `${base}/nothing.ics` })
      .expect(400);
    expect(missing.body.message).toBe('The URL answered HTTP 404.');
  });
});
