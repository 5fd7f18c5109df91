import { Sql } from '../../src/database/sql';
import { PostsStore } from '../../src/wordpress/posts.store';
import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { sharedTestDatabase, TestDatabase } from '../support/test-database';
import { apiWriter } from '../support/api-writer';
import { rawGet } from '../support/raw-answer';
import { currentRows } from '../../src/read-model/repository/read-model.repository';

/**
 * Issue #32, lists as text (src/events/read/event-texts.ts, docs/caching.md "Lists as text"): a
 * page of `GET /events` is assembled from one read model row per event — the item's JSON with its
 * venue and organizers, holes for the term counts —, byte for byte the answer the service gives
 * without the read model, for every caller; items shown per caller take the road of values.
 */
jest.setTimeout(120_000);

const EVENTS = `${BASE}/events`;
const ENGINE = process.env.TEST_ENGINE === 'mysql' ? 'mysql' : 'sqlite';
const ENV = { RESPONSE_CACHE_TTL_SECONDS: '0', READ_MODEL_MAX_AGE_SECONDS: '0' };
const LIST = `${EVENTS}?start_date=2034-01-01&end_date=2034-12-31&per_page=50`;
/** The first event's day alone (At the text hall). */
const ALIKE = `${EVENTS}?start_date=2034-02-01&end_date=2034-02-01`;

let database: TestDatabase;
let cleanup: () => Promise<void>;
/** With the read model (the text road), and without it (every item rendered from the WordPress tables), on one database. */
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  ({ database, cleanup } = await sharedTestDatabase('list-text-'));
  t = await startTestApp({ database, env: ENV });
  plain = await startTestApp({ database, env: { ...ENV, READ_MODEL: 'false' } });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await cleanup?.();
});

/** Records created as the administrator; each event on its own day of 2034. */
const { post, event } = apiWriter(() => t, '2034-02');

/** The list items' rows: ID → whether the row holds the item's text (false: shown per caller). */
async function itemRows(): Promise<Map<number, boolean>> {
  const sql = t.db.sql;
  const found = await sql.rows<{ id: number | string; body: string }>(
    `SELECT r.id, r.body FROM ${sql.table('eca_read_model')} r${currentRows(sql, 'r').joins} WHERE ${currentRows(sql, 'r').condition} AND r.kind LIKE 'event-list-item@%'`,
  );
  return new Map(found.map((row) => [Number(row.id), !row.body.includes('"template":null')]));
}

/** A read of `path` by `auth` on both instances: the raw bodies and headers, and the statements of the text road. */
async function both(path: string, auth?: string) {
  const spy = jest.spyOn(Sql.prototype, 'rows');
  const get = (app: TestApp) => {
    const request = rawGet(app.http, path);
    return (auth ? request.set('Authorization', auth) : request).expect(200);
  };
  let statements: string[];
  let kinds: string[];
  let ours;
  try {
    ours = await get(t);
    statements = spy.mock.calls.map(([text]) => text);
    // The read model's kinds each statement read rows of (`event-list-item`, `tribe_events`, …).
    kinds = spy.mock.calls
      .filter(([text]) => /FROM \S*eca_read_model/.test(text))
      .flatMap(([, params]) =>
        (params ?? []).filter((param): param is string => typeof param === 'string' && param.includes('@')).map((kind) => kind.split('@')[0]),
      );
  } finally {
    spy.mockRestore();
  }
  const theirs = await get(plain);
  const headers = (res: typeof ours) => ['etag', 'x-wp-total', 'x-wp-totalpages', 'x-tec-total', 'link', 'cache-control'].map((name) => res.headers[name]);
  expect(headers(ours)).toEqual(headers(theirs));
  expect(ours.body).toBe(theirs.body);
  return { text: ours.body as string, body: JSON.parse(ours.body as string), statements, kinds: kinds! };
}

/** The single reads' rows: ID → whether the row holds the answer's text (false: shown per caller). */
async function singleRows(): Promise<Map<number, boolean>> {
  const sql = t.db.sql;
  const found = await sql.rows<{ id: number | string; body: string }>(
    `SELECT r.id, r.body FROM ${sql.table('eca_read_model')} r${currentRows(sql, 'r').joins} WHERE ${currentRows(sql, 'r').condition} AND r.kind LIKE 'event-single@%'`,
  );
  return new Map(found.map((row) => [Number(row.id), !row.body.includes('"template":null')]));
}

/** Reads the list until the items of `ids` have their rows (a few reads at most). */
async function keptRows(ids: number[]): Promise<void> {
  for (let tries = 0; ; tries++) {
    const rows = await itemRows();
    if (ids.every((id) => rows.has(id))) return;
    expect(tries).toBeLessThan(5);
    await t.http.get(LIST).expect(200);
  }
}

/** Whether an event's or a linked record's meta or terms were read (a record rendered from the WordPress tables). */
const readsRecords = (statements: string[]) => statements.some((text) => /^SELECT post_id, meta_key, meta_value FROM|FROM \S*term_relationships\b/.test(text));

describe(`lists as text (${ENGINE}, every in-process cache off)`, () => {
  let hall: number;
  let atHall: number;
  let atDraftVenue: number;
  let locked: number;
  let series: number;

  beforeAll(async () => {
    hall = await post(`${BASE}/venues`, { venue: 'Text Hall', city: 'Oslo' });
    const draftVenue = await post(`${BASE}/venues`, { venue: 'Not yet open', city: 'Turku', status: 'draft' });
    const organizer = await post(`${BASE}/organizers`, { organizer: 'Text Org' });
    atHall = await event('At the text hall', { venue: hall, organizer, categories: ['Text talks'], tags: ['evening'], cost: '10' });
    atDraftVenue = await event('At a venue not yet open', { venue: draftVenue, categories: ['Text talks'] });
    locked = await event('Locked talk', { categories: ['Text talks'] });
    await t.db.transaction(() => t.app.get(PostsStore).update(locked, { post_password: 'pw' }));
    series = await event('Weekly text', { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', exdate: [], rdate: [] } });
  });

  it('answers every caller byte for byte as without the read model, first filling the rows and then from them', async () => {
    for (const auth of [undefined, ADMIN]) {
      const first = await both(LIST, auth);
      expect(first.body.events.map((e: { title: string }) => e.title)).toEqual(
        expect.arrayContaining(['At the text hall', 'At a venue not yet open', 'Locked talk', 'Weekly text']),
      );
      // The rows are kept by the first read; on SQLite (one connection) the fills of a page's venues and
      // organizers may meet, and the one left over runs after the answer: the items follow a read later.
      await keptRows([atHall, series, atDraftVenue, locked]);
      const again = await both(LIST, auth);
      expect(again.text).toBe(first.text);
      expect(readsRecords(again.statements)).toBe(false);
      // A page of items every caller sees alike: one statement for its rows (besides its total's), one for its terms' counts.
      const alike = await both(ALIKE, auth);
      expect(alike.body.events.map((e: { id: number }) => e.id)).toContain(atHall);
      expect(readsRecords(alike.statements)).toBe(false);
      expect(alike.kinds.filter((kind) => !kind.startsWith('list-total'))).toEqual(['event-list-item']);
      // The site settings in one statement; an administrator's roles come in it (authentication asks first).
      expect(alike.statements.filter((text) => /FROM \S*options\b/.test(text))).toHaveLength(1);
      expect(alike.statements.filter((text) => /FROM \S*term_taxonomy\b/.test(text))).toHaveLength(1);
    }
    // The other queries of a page — `_fields`, `_envelope`, a password, the iCalendar list — read the same items.
    for (const path of [`${LIST}&_fields=events.id,events.venue.city,total`, `${LIST}&_envelope=1`, `${LIST}&password=pw`]) await both(path);
    const calendar = await t.http.get(LIST).set('Accept', 'text/calendar').expect(200);
    const plainCalendar = await plain.http.get(LIST).set('Accept', 'text/calendar').expect(200);
    expect(calendar.text.replace(/DTSTAMP:.*\r\n/g, '')).toBe(plainCalendar.text.replace(/DTSTAMP:.*\r\n/g, ''));
  });

  it('keeps the text of the items every caller sees alike; a protected event or one at an unpublished venue is shown per caller', async () => {
    await keptRows([atHall, series, atDraftVenue, locked]);
    const rows = await itemRows();
    expect(rows.get(atHall)).toBe(true);
    expect(rows.get(series)).toBe(true);
    expect(rows.get(atDraftVenue)).toBe(false);
    expect(rows.get(locked)).toBe(false);
    // The series' summary is put in with each answer: its occurrences carry it.
    const { body } = await both(LIST);
    const weekly = body.events.filter((e: { title: string }) => e.title === 'Weekly text');
    expect(weekly).toHaveLength(3);
    for (const occurrence of weekly) expect(occurrence.series).toMatchObject({ id: series, occurrences: 3 });
  });

  it('a write to an embedded venue retires the items that show it; the next page shows the change', async () => {
    await keptRows([atHall]);
    await t.http.post(`${BASE}/venues/${hall}`).set('Authorization', ADMIN).send({ city: 'Bergen' }).expect(200);
    expect((await itemRows()).has(atHall)).toBe(false);
    const { body } = await both(LIST);
    expect(body.events.find((e: { id: number }) => e.id === atHall).venue.city).toBe('Bergen');
  });

  it("a term's count is read with each page: a new event in the category changes the others' items without retiring them", async () => {
    const before = (await both(LIST)).body.events.find((e: { id: number }) => e.id === atHall).categories[0].count as number;
    await keptRows([atHall]);
    await event('One more text talk', { categories: ['Text talks'] });
    expect((await itemRows()).get(atHall)).toBe(true);
    const after = await both(LIST);
    expect(after.body.events.find((e: { id: number }) => e.id === atHall).categories[0].count).toBe(before + 1);
  });

  it('answers a single read from its text where every caller sees it alike, byte for byte, by ID and by slug', async () => {
    const draft = await event('Not yet public', { status: 'draft' });
    const ids = [atHall, series, atDraftVenue, locked, draft];
    const slugs = await Promise.all(ids.map(async (id) => (await t.http.get(`${EVENTS}/${id}`).set('Authorization', ADMIN)).body.slug as string));
    for (const auth of [undefined, ADMIN]) {
      for (const id of ids) {
        const res = await t.http.get(`${EVENTS}/${id}`).set(auth ? { Authorization: auth } : {});
        const theirs = await plain.http.get(`${EVENTS}/${id}`).set(auth ? { Authorization: auth } : {});
        expect({ id, status: res.status, text: res.text }).toEqual({ id, status: theirs.status, text: theirs.text });
      }
      for (const slug of slugs) {
        const res = await t.http.get(`${EVENTS}/by-slug/${slug}`).set(auth ? { Authorization: auth } : {});
        const theirs = await plain.http.get(`${EVENTS}/by-slug/${slug}`).set(auth ? { Authorization: auth } : {});
        expect({ slug, status: res.status, text: res.text }).toEqual({ slug, status: theirs.status, text: theirs.text });
      }
    }
    // A published event without a password, at published linked records: one text for everyone; the others per caller.
    const rows = await singleRows();
    expect([rows.get(atHall), rows.get(series), rows.get(atDraftVenue), rows.get(locked), rows.get(draft)]).toEqual([true, true, false, false, false]);
    // From its row: one statement of the read model, nothing of the event's records, its json_ld included.
    const again = await both(`${EVENTS}/${atHall}`);
    expect(readsRecords(again.statements)).toBe(false);
    expect(again.kinds).toEqual(['event-single']);
    expect(again.body.json_ld).toMatchObject({ '@type': 'Event', location: { name: 'Text Hall' } });
    // A user without `read` sees no `json_ld`: not the text, the road of values.
    const reader = await userWithRole(t, 'subscriber', 'no-read-user');
    const sql = t.db.sql;
    await sql.run(`UPDATE ${sql.table('usermeta')} SET meta_value = ? WHERE user_id = ? AND meta_key = ?`, [
      'a:2:{s:10:"subscriber";b:1;s:4:"read";b:0;}',
      reader.id,
      'wp_capabilities',
    ]);
    const ours = await t.http.get(`${EVENTS}/${atHall}`).set('Authorization', reader.auth).expect(200);
    const theirs = await plain.http.get(`${EVENTS}/${atHall}`).set('Authorization', reader.auth).expect(200);
    expect(ours.text).toBe(theirs.text);
    expect(ours.body.json_ld).toBeUndefined();
    // A write to its venue retires it too.
    await t.http.post(`${BASE}/venues/${hall}`).set('Authorization', ADMIN).send({ city: 'Stavanger' }).expect(200);
    expect((await singleRows()).has(atHall)).toBe(false);
    expect((await both(`${EVENTS}/${atHall}`)).body.venue.city).toBe('Stavanger');
  });
});
