import { Sql, SqlParam } from '../../src/database/sql';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, countRows, eventMeta, eventPost, EVENTS, tecRows } from './events-write-helpers';

/** Weekly on Tuesdays, 10:00–12:00 in New York from January 5, 2027: EST in winter, EDT from March 14. */
const SERIES = {
  title: 'Weekly Talk',
  start_date: '2027-01-05 10:00:00',
  end_date: '2027-01-05 12:00:00',
  timezone: 'America/New_York',
};

async function createSeries(t: TestApp, recurrence: Record<string, unknown>, body: Record<string, unknown> = {}, auth = ADMIN) {
  const res = await t.http
    .post(EVENTS)
    .set('Authorization', auth)
    .send({ ...SERIES, ...body, recurrence });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The statements `work` sends through the Sql seam, whitespace folded. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const rows = Sql.prototype.rows;
  const run = Sql.prototype.run;
  const spies = [
    jest.spyOn(Sql.prototype, 'rows').mockImplementation(function (this: Sql, text: string, params?: SqlParam[]) {
      seen.push(text.replace(/\s+/g, ' '));
      return rows.call(this, text, params) as Promise<never[]>;
    }),
    jest.spyOn(Sql.prototype, 'run').mockImplementation(function (this: Sql, text: string, params?: SqlParam[]) {
      seen.push(text.replace(/\s+/g, ' '));
      return run.call(this, text, params);
    }),
  ];
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return seen;
}

/** The series' later occurrences as stored: ID, slug, status, parent and local/UTC start. */

async function children(t: TestApp, parentId: number) {
  const sql = t.db.sql;
  return sql.rows<{ ID: number; post_name: string; post_status: string; post_title: string; start: string; utc: string; abbr: string }>(
    `SELECT p.ID, p.post_name, p.post_status, p.post_title, s.meta_value AS start, u.meta_value AS utc, a.meta_value AS abbr
       FROM ${sql.table('posts')} p
       JOIN ${sql.table('postmeta')} s ON s.post_id = p.ID AND s.meta_key = '_EventStartDate'
       JOIN ${sql.table('postmeta')} u ON u.post_id = p.ID AND u.meta_key = '_EventStartDateUTC'
       JOIN ${sql.table('postmeta')} a ON a.post_id = p.ID AND a.meta_key = '_EventTimezoneAbbr'
      WHERE p.post_parent = ? AND p.post_type = 'tribe_events' ORDER BY s.meta_value`,
    [parentId],
  );
}

describe('recurring events: create and read (issue #24)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates a weekly series across DST: 10:00 local all year, the UTC hour moves, one post per occurrence with its own rows', async () => {
    const body = await createSeries(t, { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=30' });
    expect(body).toMatchObject({
      title: 'Weekly Talk',
      slug: 'weekly-talk',
      start_date: '2027-01-05 10:00:00',
      utc_start_date: '2027-01-05 15:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=30;BYDAY=TU', exdate: [], rdate: [] },
      series: { id: body.id, description: expect.stringMatching(/Tuesday/), occurrences: 30, first: '2027-01-05 10:00:00', last: '2027-07-27 10:00:00' },
    });
    expect((await eventMeta(t, body.id))._EventRecurrenceRRULE).toEqual(['DTSTART;TZID=America/New_York:20270105T100000\nRRULE:FREQ=WEEKLY;COUNT=30;BYDAY=TU']);
    const kids = await children(t, body.id);
    expect(kids).toHaveLength(29);
    const january = kids.find((k) => k.start.startsWith('2027-01-12'))!;
    const july = kids.find((k) => k.start.startsWith('2027-07-06'))!;
    expect(january).toMatchObject({
      post_name: 'weekly-talk-2027-01-12',
      post_status: 'publish',
      start: '2027-01-12 10:00:00',
      utc: '2027-01-12 15:00:00',
      abbr: 'EST',
    });
    expect(july).toMatchObject({ post_name: 'weekly-talk-2027-07-06', start: '2027-07-06 10:00:00', utc: '2027-07-06 14:00:00', abbr: 'EDT' });
    expect(kids.every((k) => k.post_title === 'Weekly Talk')).toBe(true);
    const tec = await tecRows(t, july.ID);
    expect(tec.event).toMatchObject({ start_date: '2027-07-06 10:00:00', start_date_utc: '2027-07-06 14:00:00', timezone: 'America/New_York' });
    expect(tec.occurrences).toHaveLength(1);
    expect(tec.occurrences[0]).toMatchObject({ start_date_utc: '2027-07-06 14:00:00', duration: 7200 });
    expect((await eventMeta(t, july.ID))._EventRecurrenceRRULE).toBeUndefined();

    // Read one occurrence by ID and by slug: the series' fields on it too.
    const one = await t.http.get(`${EVENTS}/${july.ID}`).expect(200);
    expect(one.body).toMatchObject({
      start_date: '2027-07-06 10:00:00',
      utc_start_date: '2027-07-06 14:00:00',
      timezone_abbr: 'EDT',
      series: { id: body.id, occurrences: 30 },
    });
    const bySlug = await t.http.get(`${EVENTS}/by-slug/weekly-talk-2027-07-06`).expect(200);
    expect(bySlug.body.id).toBe(july.ID);

    // Lists: every occurrence is an event; post_parent lists the series, first event included (quirks.md).
    const list = await t.http.get(`${EVENTS}?post_parent=${body.id}&per_page=50`).expect(200);
    expect(list.body.total).toBe(30);
    expect(list.body.events[0].id).toBe(body.id);
    expect(list.body.events.map((e: any) => e.start_date.slice(0, 10))).toContain('2027-03-16');
    expect(list.body.events.every((e: any) => e.series.id === body.id)).toBe(true);
    const window = await t.http.get(`${EVENTS}?start_date=2027-03-01&end_date=2027-03-31&search=Weekly`).expect(200);
    expect(window.body.events.map((e: any) => e.start_date)).toEqual([
      '2027-03-02 10:00:00',
      '2027-03-09 10:00:00',
      '2027-03-16 10:00:00',
      '2027-03-23 10:00:00',
      '2027-03-30 10:00:00',
    ]);
  });

  it('honours UNTIL as an inclusive instant and COUNT as a number of occurrences', async () => {
    const until = await createSeries(t, { rrule: 'FREQ=WEEKLY;UNTIL=20270126T150000Z' }, { title: 'Until' });
    expect(until.series).toMatchObject({ occurrences: 4, last: '2027-01-26 10:00:00' });
    const before = await createSeries(t, { rrule: 'FREQ=WEEKLY;UNTIL=20270126T145959Z' }, { title: 'Until minus' });
    expect(before.series).toMatchObject({ occurrences: 3, last: '2027-01-19 10:00:00' });
    const count = await createSeries(t, { rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2027-01-06'], rdate: ['2027-02-01 10:00:00'] }, { title: 'Count' });
    expect(count.series).toMatchObject({ occurrences: 3, first: '2027-01-05 10:00:00', last: '2027-02-01 10:00:00' });
    expect(count.recurrence).toEqual({ rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2027-01-06'], rdate: ['2027-02-01 10:00:00'] });
  });

  it('refuses a wrong rule with a 400 on recurrence naming the part, together with the other parameters, storing nothing', async () => {
    const posts = await countRows(t, 'posts');
    const meta = await countRows(t, 'postmeta');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ rrule: 'FREQ=SECONDLY' }, /SECONDLY/],
      [{ rrule: 'FREQ=WEEKLY;BYDAY=XX' }, /BYDAY/],
      [{ rrule: 'FREQ=DAILY;INTERVAL=0' }, /INTERVAL/],
      [{ rrule: 'FREQ=DAILY;UNTIL=20260101T000000Z' }, /UNTIL.*before the series' start/],
      [{ rrule: 'FREQ=DAILY;COUNT=5000' }, /1,000/],
      [{ rrule: 'FREQ=HOURLY' }, /more than 1,000 occurrences.*limit/],
      [{ rrule: 'FREQ=DAILY', exdate: ['soon'] }, /exdate\[0\]/],
    ];
    for (const [recurrence, message] of cases) {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...SERIES, recurrence })
        .expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
      expect(res.body.data.params.recurrence).toMatch(message);
    }
    const both = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ ...SERIES, timezone: 'Mars/Base', recurrence: 'FREQ=DAILY' })
      .expect(400);
    expect(Object.keys(both.body.data.params).sort()).toEqual(['recurrence', 'timezone']);
    const venue = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ ...SERIES, venue: 99999, recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO' } })
      .expect(400);
    // Issue #30: the rule is checked once the caller may write, after the other parameters (docs/decisions.md).
    expect(Object.keys(venue.body.data.params)).toEqual(['venue']);
    const rule = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ ...SERIES, recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO' } })
      .expect(400);
    expect(rule.body.data.params.recurrence).toMatch(/not an occurrence of the rule/);
    expect(await countRows(t, 'posts')).toBe(posts);
    expect(await countRows(t, 'postmeta')).toBe(meta);
  });

  it('creates a 100-occurrence series in one transaction, with as many statements as a 10-occurrence one', async () => {
    // Issue #24's "well under a second" is a bench target (npm run bench, create-series); here the
    // structure that makes it hold: occurrences are written in batches, never a statement or more each.
    const ten = await statementsOf(() =>
      createSeries(t, { rrule: 'FREQ=DAILY;COUNT=10' }, { title: 'Ten', categories: ['Ten talks'], tags: ['ten weekly'], cost: '10' }),
    );
    let body: Record<string, any> = {};
    const hundred = await statementsOf(async () => {
      body = await createSeries(t, { rrule: 'FREQ=DAILY;COUNT=100' }, { title: 'Hundred', categories: ['Talks'], tags: ['weekly'], cost: '10' });
    });
    expect(hundred.length).toBeLessThanOrEqual(ten.length + 10);
    expect(body.series.occurrences).toBe(100);
    const kids = await children(t, body.id);
    expect(new Set(kids.map((k) => k.post_name)).size).toBe(99);
    const category = await t.db.sql.one<{ count: number }>(
      `SELECT tt.count FROM ${t.db.sql.table('term_taxonomy')} tt JOIN ${t.db.sql.table('terms')} x ON x.term_id = tt.term_id WHERE x.name = 'Talks'`,
    );
    expect(Number(category!.count)).toBe(100);
    const tagged = await t.http.get(`${EVENTS}?tags=weekly&per_page=5&start_date=2027-01-01&end_date=2027-12-31`).expect(200);
    expect(tagged.body.total).toBe(100);
    expect(tagged.body.events[1]).toMatchObject({ cost: '$10', series: { id: body.id }, recurrence: { rrule: 'FREQ=DAILY;COUNT=100' } });
    expect(await eventPost(t, kids[0].ID)).toMatchObject({ post_parent: body.id });
  });

  it('trashes, then deletes, a whole series locking its occurrences in one statement and checking the TEC tables once', async () => {
    const series = await createSeries(t, { rrule: 'FREQ=WEEKLY;COUNT=20' }, { title: 'Twenty' });
    const locks = (statements: string[]) => statements.filter((s) => /FROM \S*posts\S* WHERE ID IN \(.*\) ORDER BY ID/.test(s));
    const tableChecks = (statements: string[]) => statements.filter((s) => /information_schema\.tables|sqlite_master/.test(s));
    const trash = await statementsOf(() => t.http.delete(`${EVENTS}/${series.id}?scope=all`).set('Authorization', ADMIN).expect(200));
    expect(locks(trash)).toHaveLength(2); // the event asked for, then its series (its 19 occurrences)
    const statuses = await t.db.sql.rows<{ post_status: string }>(`SELECT post_status FROM ${t.db.sql.table('posts')} WHERE ID = ? OR post_parent = ?`, [
      series.id,
      series.id,
    ]);
    expect(statuses.map((row) => row.post_status)).toEqual(Array(20).fill('trash'));
    const removed = await statementsOf(() => t.http.delete(`${EVENTS}/${series.id}?scope=all&force=true`).set('Authorization', ADMIN).expect(200));
    expect(locks(removed)).toHaveLength(2);
    expect(tableChecks(removed)).toHaveLength(1);
    expect(await countRows(t, 'posts', 'ID = ? OR post_parent = ?', [series.id, series.id])).toBe(0);
  });
});
