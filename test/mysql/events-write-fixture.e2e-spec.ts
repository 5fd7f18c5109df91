import { phpUnserialize } from '../../src/wordpress/php-serialization';
import { occurrenceHash } from '../../src/dates';
import { basic, TestApp } from '../support/test-app';
import { Query, withFixtureApp } from '../support/fixture-app';

const BASE = '/wp-json/tribe/events/v1';
const SITE = 'http://127.0.0.1:3000';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const CONTRIBUTOR = basic('contributor1', 'UDIAuF0FGTU7DKqYDt94JgxK');

/** Post columns whose value does not depend on the record (ID, dates, names excluded). */
const FIXED_COLUMNS = [
  'post_author',
  'post_status',
  'comment_status',
  'ping_status',
  'post_password',
  'to_ping',
  'pinged',
  'post_content_filtered',
  'post_parent',
  'menu_order',
  'post_type',
  'post_mime_type',
  'comment_count',
  'post_content',
  'post_excerpt',
];

/** The request that reproduces the plugin-written event 45 (same fields, same venue, organizers and terms). */
const EVENT_45_INPUT = {
  title: 'Seed Event 001 again',
  description: '<p>Seeded event number 1. Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>',
  excerpt: 'Excerpt 1',
  start_date: '2027-01-04 09:00:00',
  end_date: '2027-01-04 10:00:00',
  cost: 'Free',
  website: 'https://example.com/event-1',
  venue: 5,
  organizer: [25, 32],
  featured: true,
  categories: [2, 5],
  tags: [12],
};

describe('event writes on the WordPress + TEC fixture database (MariaDB)', () => {
  let t: TestApp;
  let q: Query;
  withFixtureApp((app) => ({ t, q } = app));

  const meta = async (id: number) =>
    (await q('SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ? ORDER BY meta_id', [id])) as { meta_key: string; meta_value: string }[];
  const counts = async () =>
    new Map((await q('SELECT term_taxonomy_id, count FROM wp_term_taxonomy')).map((r) => [Number(r.term_taxonomy_id), Number(r.count)]));
  const tribeOptions = async () =>
    phpUnserialize<Record<string, unknown>>(
      (await q("SELECT option_value FROM wp_options WHERE option_name = 'tribe_events_calendar_options'"))[0].option_value,
    )!;

  it('stores an event exactly as the plugin stored event 45: post columns, meta rows in order, encodings, terms, TEC tables', async () => {
    const countsBefore = await counts();
    const res = await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(EVENT_45_INPUT).expect(201);
    const id = res.body.id;

    const [ours] = await q('SELECT * FROM wp_posts WHERE ID = ?', [id]);
    const [theirs] = await q('SELECT * FROM wp_posts WHERE ID = 45');
    for (const column of FIXED_COLUMNS) expect([column, ours[column]]).toEqual([column, theirs[column]]);
    expect(ours.post_name).toBe('seed-event-001-again');
    expect(ours.guid).toBe(`${SITE}/event/seed-event-001-again/`);

    const oursMeta = await meta(id);
    const theirsMeta = await meta(45);
    // Same keys in the same row order, same values (bookkeeping times aside).
    expect(oursMeta.map((m) => m.meta_key)).toEqual(theirsMeta.map((m) => m.meta_key));
    const withoutTimes = (rows: typeof oursMeta) => rows.filter((m) => m.meta_key !== '_tribe_modified_fields');
    expect(withoutTimes(oursMeta)).toEqual(withoutTimes(theirsMeta));
    const trackedKeys = (rows: typeof oursMeta) => Object.keys(phpUnserialize<Record<string, number>>(rows[0].meta_value)!);
    expect(trackedKeys(oursMeta)).toEqual(trackedKeys(theirsMeta));

    const relationships = async (post: number) =>
      (await q('SELECT term_taxonomy_id, term_order FROM wp_term_relationships WHERE object_id = ? ORDER BY term_taxonomy_id', [post])).map((r) => [
        Number(r.term_taxonomy_id),
        Number(r.term_order),
      ]);
    expect(await relationships(id)).toEqual(await relationships(45));
    const countsAfter = await counts();
    for (const ttId of [2, 5, 12]) expect(countsAfter.get(ttId)).toBe(countsBefore.get(ttId)! + 1);

    const columns = 'start_date, end_date, timezone, start_date_utc, end_date_utc, duration, hash';
    const [ourEvent] = await q(`SELECT event_id, ${columns} FROM wp_tec_events WHERE post_id = ?`, [id]);
    const [theirEvent] = await q(`SELECT event_id, ${columns} FROM wp_tec_events WHERE post_id = 45`);
    expect({ ...ourEvent, event_id: 0 }).toEqual({ ...theirEvent, event_id: 0 });
    const occurrenceColumns = 'start_date, start_date_utc, end_date, end_date_utc, duration';
    const [ourOccurrence] = await q(`SELECT event_id, hash, ${occurrenceColumns} FROM wp_tec_occurrences WHERE post_id = ?`, [id]);
    const [theirOccurrence] = await q(`SELECT event_id, hash, ${occurrenceColumns} FROM wp_tec_occurrences WHERE post_id = 45`);
    expect({ ...ourOccurrence, event_id: 0, hash: '' }).toEqual({ ...theirOccurrence, event_id: 0, hash: '' });
    expect(Number(ourOccurrence.event_id)).toBe(Number(ourEvent.event_id));
    expect(ourOccurrence.hash).toBe(
      occurrenceHash({
        postId: id,
        startDate: '2027-01-04 09:00:00',
        endDate: '2027-01-04 10:00:00',
        startDateUtc: '2027-01-04 09:00:00',
        endDateUtc: '2027-01-04 10:00:00',
        duration: 3600,
      }),
    );
    // The same input gives the plugin's hash for the plugin's post ID (storage.md §11).
    expect(
      occurrenceHash({
        postId: 45,
        startDate: '2027-01-04 09:00:00',
        endDate: '2027-01-04 10:00:00',
        startDateUtc: '2027-01-04 09:00:00',
        endDateUtc: '2027-01-04 10:00:00',
        duration: 3600,
      }),
    ).toBe(theirOccurrence.hash);
  });

  it('answers like the plugin for its own event shape (response of 14-event-create, same field values)', async () => {
    const res = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({
        title: 'Sample Event',
        description: '<p>Sample description</p>',
        excerpt: 'Short excerpt',
        start_date: '2027-02-01 10:00:00',
        end_date: '2027-02-01 12:00:00',
        timezone: 'America/New_York',
        cost: '10',
        website: 'https://example.com/event',
        venue: { id: 5 },
        organizer: [{ id: 25 }],
        categories: [2],
        tags: [12],
      })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 'publish',
      utc_start_date: '2027-02-01 15:00:00',
      timezone_abbr: 'EST',
      cost: '$10',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['10'] },
      website: 'https://example.com/event',
      show_map: false,
      show_map_link: false,
      custom_fields: [],
    });
    expect(res.body.venue.id).toBe(5);
    expect(res.body.organizer.map((o: { id: number }) => o.id)).toEqual([25]);
  });

  it('keeps the known-range options of the plugin in step (earliest/latest date and markers)', async () => {
    const before = await tribeOptions();
    expect(before).toMatchObject({ earliest_date: '2027-01-04 09:00:00', latest_date: '2027-12-10 12:45:00' });
    const early = await t.http
      .post(`${BASE}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Early', start_date: '2026-12-30 08:00:00', end_date: '2026-12-30 09:00:00' })
      .expect(201);
    const after = await tribeOptions();
    expect(after).toMatchObject({
      earliest_date: '2026-12-30 08:00:00',
      earliest_date_markers: [early.body.id],
      latest_date: '2027-12-10 12:45:00',
      latest_date_markers: [244],
    });
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // Drafts do not count; trashing the earliest event moves the range back.
    await t.http
      .post(`${BASE}/events`)
      .set('Authorization', CONTRIBUTOR)
      .send({ title: 'Draft', start_date: '2026-01-01 08:00:00', end_date: '2026-01-01 09:00:00' })
      .expect(201);
    expect((await tribeOptions()).earliest_date).toBe('2026-12-30 08:00:00');
    await t.http.delete(`${BASE}/events/${early.body.id}`).set('Authorization', ADMIN).expect(200);
    expect(await tribeOptions()).toMatchObject({ earliest_date: '2027-01-04 09:00:00', earliest_date_markers: expect.arrayContaining([45]) });
  });

  it('updates a plugin-written event in place: only the supplied fields, TEC rows rewritten in place', async () => {
    const metaBefore = await meta(46);
    const [eventBefore] = await q('SELECT event_id FROM wp_tec_events WHERE post_id = 46');
    const [occurrenceBefore] = await q('SELECT occurrence_id, hash FROM wp_tec_occurrences WHERE post_id = 46');
    const res = await t.http.patch(`${BASE}/events/46`).set('Authorization', ADMIN).send({ end_date: '2027-01-06 05:45:00' }).expect(200);
    expect(res.body).toMatchObject({ start_date: '2027-01-06 02:15:00', end_date: '2027-01-06 05:45:00' });
    const metaAfter = await meta(46);
    const changed = metaAfter.filter((m, i) => m.meta_value !== metaBefore[i]?.meta_value).map((m) => m.meta_key);
    expect(changed.sort()).toEqual(['_EventDuration', '_EventEndDate', '_EventEndDateUTC', '_tribe_modified_fields'].sort());
    const [eventAfter] = await q('SELECT event_id, end_date FROM wp_tec_events WHERE post_id = 46');
    const [occurrenceAfter] = await q('SELECT occurrence_id, hash FROM wp_tec_occurrences WHERE post_id = 46');
    expect(eventAfter).toEqual({ event_id: eventBefore.event_id, end_date: '2027-01-06 05:45:00' });
    expect(occurrenceAfter.occurrence_id).toBe(occurrenceBefore.occurrence_id);
    expect(occurrenceAfter.hash).not.toBe(occurrenceBefore.hash);
  });

  it('keeps the TEC rows of an event longer than the duration column holds: exact dates, capped duration', async () => {
    const res = await t.http.patch(`${BASE}/events/47`).set('Authorization', ADMIN).send({ end_date: '2027-12-31 23:00:00' }).expect(200);
    expect(res.body.end_date).toBe('2027-12-31 23:00:00');
    const [event] = await q('SELECT end_date, duration FROM wp_tec_events WHERE post_id = 47');
    const [occurrence] = await q("SELECT DATE_FORMAT(end_date, '%Y-%m-%d %H:%i:%s') AS end_date, duration FROM wp_tec_occurrences WHERE post_id = 47");
    expect(event).toEqual({ end_date: '2027-12-31 23:00:00', duration: 8388607 });
    expect(occurrence).toEqual({ end_date: '2027-12-31 23:00:00', duration: 8388607 });
    // …so the list, which reads the occurrence rows, still finds it.
    const list = await t.http.get(`${BASE}/events`).query({ include: 47, starts_before: '2100-01-01' }).expect(200);
    expect(list.body.events.map((e: { id: number }) => e.id)).toEqual([47]);
  });
});
