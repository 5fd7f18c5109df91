import { MAX_SEARCH_PERIODS } from '../../src/recurrence';
import { PostsStore } from '../../src/wordpress/posts.store';
import { searchesOf } from '../support/rrule-searches';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, EVENTS, eventMeta, userWithRole } from './events-write-helpers';
import { sitePath } from './site-test-helpers';
import { ECA, readFeed } from './changes-test-helpers';
import { UsersService } from '../../src/auth/users.service';
import { runCommand } from '../../src/cli/commands';

// Issue #30, first part: no rule may stall the service. Each case of the adversarial probe, over HTTP
// on the real app, both engines: refused fast with a 400 naming the part, never expanded for a caller
// who may not write, and reads that never re-expand a stored rule unboundedly.

const SERIES = { title: 'Bounded', start_date: '2029-03-06 10:00:00', end_date: '2029-03-06 11:00:00', timezone: 'America/New_York', status: 'publish' };

describe('recurring events: no rule may stall the service (issue #30)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (body: Record<string, unknown>, auth?: string) => {
    const req = t.http.post(EVENTS);
    return (auth ? req.set('Authorization', auth) : req).send({ ...SERIES, ...body });
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await post(body, ADMIN);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, any>;
  };
  const series = (id: number) =>
    t.http
      .get(EVENTS)
      .query({ post_parent: id, start_date: '2027-01-01', end_date: '2031-12-31', per_page: 50, status: 'publish,private' })
      .set('Authorization', ADMIN)
      .expect(200)
      .then((res) => res.body.events as Record<string, any>[]);

  it('checks a rule only once the caller may write: anonymous 401, subscriber 403, the rule never expanded', async () => {
    const subscriber = await userWithRole(t, 'subscriber');
    const rules = ['FREQ=WEEKLY;COUNT=5', 'FREQ=HOURLY;INTERVAL=2;BYHOUR=11'];
    const searches = await searchesOf(async () => {
      for (const rrule of rules) {
        expect((await post({ recurrence: { rrule } })).status).toBe(401);
        expect((await post({ recurrence: { rrule } }, subscriber.auth)).status).toBe(403);
      }
    });
    expect(searches).toEqual([]);
  });

  it.each([
    ['FREQ=HOURLY;INTERVAL=2;BYHOUR=11', "BYHOUR=11 does not hold the series' start hour (10)"],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'BYMONTHDAY=30 never falls in February'],
    ['FREQ=DAILY;BYSETPOS=366;BYMONTH=3', 'BYSETPOS=366: 366 is beyond the 1 start one FREQ=DAILY period can hold'],
    ['FREQ=HOURLY;BYMINUTE=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29;COUNT=300', 'BYMINUTE takes one value'],
  ])('refuses %s fast with a 400 naming the part, storing nothing', async (rrule, message) => {
    const searches = await searchesOf(async () => {
      const res = await post({ title: `Refused ${rrule}`, recurrence: { rrule } }, ADMIN).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { recurrence: expect.stringContaining(message) } } });
    });
    // Refused before any expansion.
    expect(searches).toEqual([]);
    const found = await t.http.get(EVENTS).query({ search: `Refused`, start_date: '2029-01-01' }).set('Authorization', ADMIN).expect(200);
    expect(found.body.total).toBe(0);
  });

  it('refuses February 29 COUNT=1000 (it reached the year 6152) in bounded work: daily naming FREQ, yearly naming COUNT and the span', async () => {
    const leap = { start_date: '2032-02-29 10:00:00', end_date: '2032-02-29 11:00:00' };
    const searches = await searchesOf(async () => {
      const daily = await post({ ...leap, recurrence: { rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000' } }, ADMIN).expect(400);
      expect(daily.body.data.params.recurrence).toBe(
        "FREQ=DAILY: the rule's dates are too rare to find within 10,000 days of search: use a longer FREQ (MONTHLY or YEARLY) with the same BY parts.",
      );
      const yearly = await post({ ...leap, recurrence: { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000' } }, ADMIN).expect(400);
      expect(yearly.body.data.params.recurrence).toBe(
        "COUNT=1000: the rule has only 25 occurrences up to 2132-02-29 10:00:00 (no occurrence may be more than 100 years after the series' start).",
      );
    });
    expect(Math.max(...searches)).toBeLessThanOrEqual(MAX_SEARCH_PERIODS);
  });

  it('refuses 40,000 exdates stating the cap, and more than 1,000 rdates', async () => {
    const exdate = Array.from({ length: 40_000 }, (_, i) => new Date(Date.UTC(2029, 2, 7) + i * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
    const res = await post({ recurrence: { rrule: 'FREQ=HOURLY', exdate } }, ADMIN).expect(400);
    expect(res.body.data.params.recurrence).toBe('exdate lists 40,000 dates: at most 1,000.');
    const rdates = await post({ recurrence: { rrule: 'FREQ=DAILY;COUNT=2', rdate: exdate.slice(0, 1001) } }, ADMIN).expect(400);
    expect(rdates.body.data.params.recurrence).toBe('rdate lists 1,001 dates: at most 1,000.');
  });

  it("refuses an exdate on the first event's own start; trashing the first event alone still works", async () => {
    const res = await post({ recurrence: { rrule: 'FREQ=DAILY;COUNT=3', exdate: ['2029-03-06 10:00:00'] } }, ADMIN).expect(400);
    expect(res.body.data.params.recurrence).toContain("exdate 2029-03-06 is the first event's own start");
    const first = await create({ title: 'Trash first', recurrence: { rrule: 'FREQ=DAILY;COUNT=3' } });
    await t.http.delete(`${EVENTS}/${first.id}`).set('Authorization', ADMIN).expect(200);
    expect((await eventMeta(t, first.id))._EventRecurrenceRRULE[0]).not.toContain('EXDATE');
  });

  it('names the occurrences of an hourly day at once: no slug lookup per row (it was quadratic in the rows of a day)', async () => {
    const spy = jest.spyOn(PostsStore.prototype, 'claimSlug');
    const first = await create({ title: 'Hourly', recurrence: { rrule: 'FREQ=HOURLY;COUNT=48' } });
    const lookups = spy.mock.calls.length;
    spy.mockRestore();
    // The first event's own (EventWriter), none for its 47 occurrences: their slugs are free, one query checks them all (it was 400).
    expect(lookups).toBe(1);
    const slugs = (await series(first.id)).map((e) => e.slug as string);
    expect(slugs).toHaveLength(48);
    expect(new Set(slugs).size).toBe(48);
    expect(slugs.slice(0, 3)).toEqual(['hourly', 'hourly-2029-03-06', 'hourly-2029-03-06-2']);
    expect(slugs).toContain('hourly-2029-03-07');
    expect(slugs).toContain('hourly-2029-03-07-24');
  });

  it("a 'following' edit keeps a live occurrence after a deleted one (the new COUNT counts the delete)", async () => {
    const first = await create({ title: 'Five', start_date: '2029-03-06 10:00:00', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=5' } });
    const all = await series(first.id);
    expect(all).toHaveLength(5);
    await t.http.delete(`${EVENTS}/${all[3].id}`).set('Authorization', ADMIN).expect(200);
    const edited = await t.http.patch(`${EVENTS}/${all[1].id}`).set('Authorization', ADMIN).send({ title: 'Five (renamed)', scope: 'following' }).expect(200);
    expect(edited.body.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=4', exdate: ['2029-03-27 10:00:00'] });
    const rest = await series(all[1].id);
    expect(rest.map((e) => [e.id, e.title, e.start_date])).toEqual([
      [all[1].id, 'Five (renamed)', '2029-03-13 10:00:00'],
      [all[2].id, 'Five (renamed)', '2029-03-20 10:00:00'],
      [all[4].id, 'Five (renamed)', '2029-04-03 10:00:00'],
    ]);
    expect(edited.body.series).toMatchObject({ occurrences: 3, last: '2029-04-03 10:00:00' });
  });

  it("after a 'following' split, the change names each touched occurrence once", async () => {
    const first = await create({ title: 'Split', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } });
    const all = await series(first.id);
    const cursor = (await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).set('Authorization', ADMIN).expect(200)).body.last_cursor;
    await t.http.patch(`${EVENTS}/${all[1].id}`).set('Authorization', ADMIN).send({ title: 'Split (later)', scope: 'following' }).expect(200);
    const feed = await readFeed(t, cursor, ADMIN);
    const split = feed.find((c) => c.id === all[1].id);
    expect(split?.occurrences).toEqual({ updated: [all[2].id, all[3].id] });
  });

  it('a series in zone UTC+05:30 with an rdate stores its rule readably: read, edited and deleted afterwards', async () => {
    const first = await create({
      title: 'Offset',
      timezone: 'UTC+05:30',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', rdate: ['2029-03-08 10:00:00'] },
    });
    expect(first.recurrence).toEqual({ rrule: 'FREQ=WEEKLY;COUNT=3', exdate: [], rdate: ['2029-03-08 10:00:00'] });
    const all = await series(first.id);
    expect(all.map((e) => e.start_date)).toEqual(['2029-03-06 10:00:00', '2029-03-08 10:00:00', '2029-03-13 10:00:00', '2029-03-20 10:00:00']);
    await t.http.delete(`${EVENTS}/${all[2].id}`).set('Authorization', ADMIN).expect(200);
    const edited = await t.http.patch(`${EVENTS}/${first.id}`).set('Authorization', ADMIN).send({ title: 'Offset (renamed)', scope: 'all' }).expect(200);
    expect(edited.body.recurrence).toEqual({ rrule: 'FREQ=WEEKLY;COUNT=3', exdate: ['2029-03-13 10:00:00'], rdate: ['2029-03-08 10:00:00'] });
  });

  it("a public series' count and last leave out a private occurrence", async () => {
    const first = await create({ title: 'Four', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } });
    const all = await series(first.id);
    await t.http.patch(`${EVENTS}/${all[3].id}`).set('Authorization', ADMIN).send({ status: 'private' }).expect(200);
    const read = (await t.http.get(`${EVENTS}/${first.id}`).expect(200)).body;
    expect(read.series).toMatchObject({ occurrences: 3, first: '2029-03-06 10:00:00', last: '2029-03-20 10:00:00' });
  });

  it('reads a stored sparse series (written before these bounds) in bounded work: the page feed and the API', async () => {
    const first = await create({
      title: 'Leap',
      start_date: '2032-02-29 10:00:00',
      end_date: '2032-02-29 11:00:00',
      recurrence: { rrule: 'FREQ=YEARLY;COUNT=2' },
    });
    // As an earlier version stored it: COUNT=1000 on February 29, reaching the year 6152.
    await t.db.sql.run(`UPDATE ${t.db.sql.table('postmeta')} SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventRecurrenceRRULE'`, [
      'DTSTART;TZID=America/New_York:20320229T100000\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000',
      first.id,
    ]);
    const searches = await searchesOf(async () => {
      const feed = await t.http.get(`${sitePath(first.url)}?ical=1&x=${Date.now()}`).expect(200);
      expect(feed.text).toContain('BEGIN:VCALENDAR');
      await t.http.get(`${EVENTS}/${first.id}`).query({ x: Date.now() }).expect(200);
    });
    expect(searches.length).toBeGreaterThan(0);
    expect(Math.max(...searches)).toBeLessThanOrEqual(MAX_SEARCH_PERIODS);
  });

  it('series:extend runs one pass of the horizon job now, under the same bounds (a stored rule that would hang is capped)', async () => {
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const endless = await create({ title: 'Endless', start_date: `${soon} 10:00:00`, end_date: `${soon} 11:00:00`, recurrence: { rrule: 'FREQ=MONTHLY' } });
    const hanging = await create({ title: 'Hanging', start_date: `${soon} 10:00:00`, end_date: `${soon} 11:00:00`, recurrence: { rrule: 'FREQ=MONTHLY' } });
    const sql = t.db.sql;
    const due = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    await sql.run(`UPDATE ${sql.table('postmeta')} SET meta_value = ? WHERE meta_key = '_EventRecurrenceHorizon' AND post_id IN (?, ?)`, [
      due,
      endless.id,
      hanging.id,
    ]);
    // As an earlier version could store it: hour 11 is never reached from 10:00 every 2 hours (the library looped for good).
    const compact = soon.replace(/-/g, '');
    await sql.run(`UPDATE ${sql.table('postmeta')} SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventRecurrenceRRULE'`, [
      `DTSTART;TZID=America/New_York:${compact}T100000\nRRULE:FREQ=HOURLY;INTERVAL=2;BYHOUR=11`,
      hanging.id,
    ]);
    const lines: string[] = [];
    await runCommand(['series:extend'], t.app.get(UsersService), (line) => lines.push(line), t.app);
    // The endless series already had its occurrences up to the real horizon: none added, its horizon stored again.
    expect(lines).toEqual(['Extended 0 series by 0 occurrences; 1 reached their limit and are no longer extended.']);
    expect((await eventMeta(t, endless.id))._EventRecurrenceHorizon[0] > due).toBe(true);
    expect((await eventMeta(t, hanging.id))._EventRecurrenceHorizon).toBeUndefined();
  });
});
