import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app/app.factory';
import { DatabaseService } from '../../src/database/database.service';
import { OptionsStore } from '../../src/wordpress/options.store';
import { PostsStore } from '../../src/wordpress/posts.store';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, SITE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { bumpCacheVersion } from '../support/data-version';
import { createTestDatabase, ENGINE, TestDatabase } from '../support/test-database';
import { insertEvent } from './events-test-helpers';
import { countRows, createEvent, eventMeta, eventPost, EVENTS, tecRows } from './events-write-helpers';

// Issue #13, findings 3 and 4: absurd dates (500 RangeError on lists, `0NaN-NaN-NaN NaN:NaN:NaN` stored
// by writes) and by-slug paths whose slug sanitises to nothing (they named the lowest-ID draft).

/** Dates outside MySQL DATETIME's years 1000–9999, however written. */
const ABSURD = [
  '+300000 years',
  '+1000000000 years',
  'now -999999999 days',
  '@99999999999999',
  '0000-01-01',
  '0999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '99999999999999',
];
const LIST_DATES = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'];

function expectInvalidParam(res: request.Response, param: string): void {
  expect({ status: res.status, code: res.body.code, status_in_body: res.body.data?.status }).toEqual({
    status: 400,
    code: 'rest_invalid_param',
    status_in_body: 400,
  });
  expect(Object.keys(res.body.data.params)).toContain(param);
}

describe('absurd dates are refused with 400 (finding 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /events: every date filter, rounded or strict, names the parameter; the range’s own ends still list', async () => {
    for (const param of LIST_DATES) {
      for (const value of ABSURD) {
        for (const strict of ['false', 'true']) {
          const res = await t.http.get(EVENTS).query({ [param]: value, strict_dates: strict });
          expectInvalidParam(res, param);
        }
      }
    }
    const id = await insertEvent(t, { title: 'In the window', start: '2030-06-01 10:00:00' });
    await t.http.get(EVENTS).query({ starts_after: '1000-01-01 00:00:00', ends_before: '9999-12-31', strict_dates: 'true' }).expect(200);
    // The list's implied index bound (a day past end_date) is held at 9999-12-31 23:59:59, not pushed into year 10000.
    const res = await t.http.get(EVENTS).query({ start_date: '1000-01-01', end_date: '9999-12-31 23:59:59' }).expect(200);
    expect(res.body.events.map((e: { id: number }) => e.id)).toContain(id);
  });

  it('POST /events: absurd start_date, end_date, date or date_utc → 400 on it, nothing stored', async () => {
    const before = await countRows(t, 'posts', "post_type = 'tribe_events'");
    const occurrences = await countRows(t, 'tec_occurrences');
    for (const param of ['start_date', 'end_date', 'date', 'date_utc']) {
      for (const value of ABSURD) {
        const res = await t.http
          .post(EVENTS)
          .set('Authorization', ADMIN)
          .send({ title: 'Absurd', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', [param]: value });
        expectInvalidParam(res, param);
      }
    }
    expect(await countRows(t, 'posts', "post_type = 'tribe_events'")).toBe(before);
    expect(await countRows(t, 'tec_occurrences')).toBe(occurrences);
    expect(await countRows(t, 'postmeta', "meta_value LIKE '%NaN%'")).toBe(0);
  });

  it('updates: an absurd date is refused and the event keeps its dates', async () => {
    const event = await createEvent(t, { title: 'Keeps its dates' });
    const meta = await eventMeta(t, event.id);
    const post = await eventPost(t, event.id);
    for (const param of ['start_date', 'end_date', 'date', 'date_utc']) {
      for (const method of ['post', 'put', 'patch'] as const) {
        const res = await t.http[method](`${EVENTS}/${event.id}`)
          .set('Authorization', ADMIN)
          .send({ [param]: '+1000000000 years' });
        expectInvalidParam(res, param);
      }
    }
    expect(await eventMeta(t, event.id)).toEqual(meta);
    expect(await eventPost(t, event.id)).toEqual(post);
  });

  it('an input with its own offset that the event zone moves past 9999-12-31 is refused', async () => {
    const res = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'Past the end', start_date: '9999-12-31 23:00:00 +00:00', end_date: '9999-12-31 23:30:00 +00:00', timezone: 'Asia/Tokyo' });
    expectInvalidParam(res, 'start_date');
  });

  it('venues and organizers: absurd date or date_utc → 400 on it, nothing stored', async () => {
    for (const [collection, postType, nameField] of [
      ['venues', 'tribe_venue', 'venue'],
      ['organizers', 'tribe_organizer', 'organizer'],
    ]) {
      const before = await countRows(t, 'posts', 'post_type = ?', [postType]);
      for (const param of ['date', 'date_utc']) {
        for (const value of ABSURD) {
          const res = await t.http
            .post(`${BASE}/${collection}`)
            .set('Authorization', ADMIN)
            .send({ [nameField]: `Absurd ${param}`, [param]: value });
          expectInvalidParam(res, param);
        }
      }
      expect(await countRows(t, 'posts', 'post_type = ?', [postType])).toBe(before);
    }
  });

  it('venues: a date_utc the site zone moves past 9999-12-31 is an invalid date_utc, nothing stored', async () => {
    await t.app.get(OptionsStore).set('timezone_string', 'Pacific/Kiritimati');
    await bumpCacheVersion(t);
    try {
      const before = await countRows(t, 'posts', "post_type = 'tribe_venue'");
      const res = await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Edge of time', date_utc: '9999-12-31 20:00:00' });
      expectInvalidParam(res, 'date_utc');
      expect(await countRows(t, 'posts', "post_type = 'tribe_venue'")).toBe(before);
    } finally {
      await t.app.get(OptionsStore).set('timezone_string', 'UTC');
      await bumpCacheVersion(t);
    }
  });
});

describe('date meta an older version stored as NaN (finding 3)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eca-nan-dates-'));
  let database: TestDatabase;
  let app: NestExpressApplication | undefined;
  const lines: Record<string, any>[] = [];

  /** The real app on the shared database, its log lines collected. */
  async function start(env: Record<string, string> = {}): Promise<TestApp> {
    lines.length = 0;
    app = await createApp({ DATABASE_URL: database.url, SITE_URL: SITE, ADMIN_USER, ADMIN_PASSWORD, LOG_LEVEL: 'warn', ...env }, [], {
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    return { app, http: request(app.getHttpServer()), db: app.get(DatabaseService), database, close: () => app!.close() };
  }
  const backfillLines = () => lines.filter((line) => line.context === 'OccurrenceBackfill');

  beforeAll(async () => {
    database =
      ENGINE === 'sqlite' ? { url: `sqlite:${join(dir, 'events.sqlite')}`, name: 'events.sqlite', drop: async () => undefined } : await createTestDatabase();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('start-up skips them with one warning, gives the readable ones their rows, and lists and reads still work', async () => {
    let t = await start();
    const good = await insertEvent(t, { title: 'Good', start: '2030-03-01 10:00:00' });
    const tec5 = await insertEvent(t, { title: 'TEC 5 data', start: '2030-02-01 10:00:00' });
    const broken = await insertEvent(t, { title: 'Stored as NaN', start: '2030-01-15 10:00:00' });
    // What `"start_date": "+1000000000 years"` stored before the fix: NaN dates, NaN duration, no TEC rows.
    await t.db.transaction(async () => {
      const sql = t.db.sql;
      for (const id of [tec5, broken]) {
        await sql.run(`DELETE FROM ${sql.table('tec_occurrences')} WHERE post_id = ?`, [id]);
        await sql.run(`DELETE FROM ${sql.table('tec_events')} WHERE post_id = ?`, [id]);
      }
      const posts = t.app.get(PostsStore);
      for (const key of ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'])
        await posts.setMeta(broken, key, '0NaN-NaN-NaN NaN:NaN:NaN');
      await posts.setMeta(broken, '_EventDuration', 'NaN');
    });
    await app!.close();

    for (let boot = 0; boot < 2; boot++) {
      t = await start({ LOG_LEVEL: 'log' });
      const warnings = backfillLines().filter((line) => line.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].msg).toMatch(new RegExp(`^1 event\\(s\\) .*skipped.*IDs ${broken}\\)`));
      // The first boot gives the TEC 5 event its rows and says so; no boot claims rows it did not write.
      const given = backfillLines().filter((line) => line.level === 'info');
      expect(given.map((line) => line.msg)).toEqual(boot === 0 ? ['1 dated event(s) without TEC occurrence rows given their rows (from their meta)'] : []);
      expect((await tecRows(t, broken)).occurrences).toEqual([]);
      expect((await tecRows(t, tec5)).occurrences).toHaveLength(1);

      const listed = await t.http.get(EVENTS).query({ start_date: '2030-01-01', end_date: '2030-12-31' }).expect(200);
      expect(listed.body.events.map((e: { id: number }) => e.id)).toEqual([tec5, good]);
      await t.http
        .get(EVENTS)
        .query({ include: String(broken) })
        .expect(200);
      await t.http.get(`${EVENTS}/${broken}`).expect(200);
      await app!.close();
      app = undefined;
    }

    t = await start({ EVENT_DATES_SOURCE: 'postmeta' });
    await t.http.get(EVENTS).query({ start_date: '2030-01-01', end_date: '2030-12-31' }).expect(200);
    await t.http.get(EVENTS).query({ start_date: '1000-01-01' }).expect(200);
    // An update that keeps the NaN start is refused on it; one that writes both dates repairs the event.
    expectInvalidParam(await t.http.patch(`${EVENTS}/${broken}`).set('Authorization', ADMIN).send({ end_date: '2030-01-15 12:00:00' }), 'start_date');
    await t.http
      .patch(`${EVENTS}/${broken}`)
      .set('Authorization', ADMIN)
      .send({ start_date: '2030-01-15 10:00:00', end_date: '2030-01-15 12:00:00' })
      .expect(200);
    expect((await tecRows(t, broken)).occurrences).toHaveLength(1);
  });
});

describe('by-slug paths whose slug sanitises to nothing (finding 4)', () => {
  const EMPTY = ['%21%21', '%25', '%20', "'", '%5C', '%00', '%21%40%23'];
  let t: TestApp;
  let draft: number;
  let editor: string;

  beforeAll(async () => {
    t = await startTestApp();
    editor = (await userWithRole(t, 'editor')).auth;
    // A draft has no slug (post_name ''): the lowest-ID one is what an empty slug used to name.
    draft = (await createEvent(t, { title: 'Secret draft', status: 'draft' })).id;
    expect((await eventPost(t, draft)).post_name).toBe('');
  });
  afterAll(() => t.close());

  it('GET, POST, PUT, PATCH and DELETE answer 400 rest_invalid_param on slug, for editors and anonymous callers alike', async () => {
    for (const segment of EMPTY) {
      const path = `${EVENTS}/by-slug/${segment}`;
      for (const auth of [editor, undefined]) {
        const requests = [
          t.http.get(path),
          t.http.post(path).send({ title: 'Renamed' }),
          t.http.put(path).send({ title: 'Renamed' }),
          t.http.patch(path).send({ title: 'Renamed' }),
          t.http.delete(path),
        ];
        for (const req of requests) {
          const res = await (auth ? req.set('Authorization', auth) : req);
          expectInvalidParam(res, 'slug');
          expect(res.body.data.params.slug).toMatch(/leaves nothing once made a slug/);
        }
      }
    }
    const post = await eventPost(t, draft);
    expect({ title: post.post_title, status: post.post_status }).toEqual({ title: 'Secret draft', status: 'draft' });

    // Venues and organizers answer the same, even when a slugless draft (as wp-admin leaves one) exists.
    for (const [collection, nameField] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
    ]) {
      const created = await t.http
        .post(`${BASE}/${collection}`)
        .set('Authorization', ADMIN)
        .send({ [nameField]: `Slugless ${nameField}`, status: 'draft' })
        .expect(201);
      await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_name = '' WHERE ID = ?`, [created.body.id]);
      for (const auth of [editor, undefined]) {
        const patch = t.http.patch(`${BASE}/${collection}/by-slug/%21%21`).send({ description: 'x' });
        expectInvalidParam(await (auth ? patch.set('Authorization', auth) : patch), 'slug');
        const del = t.http.delete(`${BASE}/${collection}/by-slug/%21%21`);
        expectInvalidParam(await (auth ? del.set('Authorization', auth) : del), 'slug');
      }
      const after = await eventPost(t, created.body.id);
      expect({ content: after.post_content, status: after.post_status }).toEqual({ content: '', status: 'draft' });
    }
    const event = await createEvent(t, { title: 'Real slug' });
    await t.http.get(`${EVENTS}/by-slug/${event.slug}`).expect(200);
    await t.http.patch(`${EVENTS}/by-slug/${event.slug}`).set('Authorization', editor).send({ title: 'Real slug renamed' }).expect(200);
  });
});
