import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GOLDEN_DIR } from '../support/fixture-paths';
import { basic, TestApp } from '../support/test-app';
import { Query, withFixtureApp } from '../support/fixture-app';

const BASE = '/wp-json/tribe/events/v1';
const SITE = 'http://127.0.0.1:3000';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const AUTHOR = basic('author1', 'Js901TEC9HVgFIfmjNssGWSq');
const CONTRIBUTOR = basic('contributor1', 'UDIAuF0FGTU7DKqYDt94JgxK');

/** Post columns whose value does not depend on the record (ID, dates, names, content excluded). */
const FIXED_COLUMNS = [
  'post_author',
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
  'post_excerpt',
  'post_status',
];
/** Keys TEC writes as artefacts of a generic loop and never reads (venues-organizers.md §4.7: not written here). */
const STRAY_KEYS = /^_(Venue|Organizer)(post_date|post_date_gmt|post_status|Description)$/;

function golden(name: string): { status: number; body: Record<string, unknown> } {
  const raw = readFileSync(resolve(GOLDEN_DIR, `${name}.json`), 'utf8')
    .split('{SITE}')
    .join(SITE);
  return JSON.parse(raw);
}

describe('venues and organizers on the WordPress + TEC fixture database (MariaDB)', () => {
  let t: TestApp;
  let q: Query;
  withFixtureApp((app) => ({ t, q } = app));

  const meta = async (id: number) =>
    (await q('SELECT meta_key, meta_value FROM wp_postmeta WHERE post_id = ? ORDER BY meta_id', [id])) as { meta_key: string; meta_value: string }[];

  it('reads the plugin-written records exactly as the plugin answers (goldens)', async () => {
    for (const [name, path] of [
      ['venue-5', '/venues/5'],
      ['venue-slug', '/venues/by-slug/venue-03'],
      ['organizer-25', '/organizers/25'],
      ['organizer-slug', '/organizers/by-slug/organizer-04'],
    ]) {
      const expected = golden(name);
      const res = await t.http.get(`${BASE}${path}`).expect(expected.status);
      // The stored goldens have the organizer e-mail's random character references decoded.
      const decoded = JSON.parse(JSON.stringify(res.body).replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
      expect(decoded).toEqual(expected.body);
    }
  });

  it('lists like the plugin: newest first, 10 per page, 20 in all (golden venues-p1)', async () => {
    const expected = golden('venues-p1').body as { venues: { id: number }[]; total: number };
    const res = await t.http.get(`${BASE}/venues`).expect(200);
    expect(res.body.venues).toEqual(expected.venues);
    expect(res.body).toMatchObject({ total: 20, total_pages: 2 });
  });

  it('writes a venue with the same rows (keys, encodings, columns) as the plugin wrote venue 5', async () => {
    const res = await t.http
      .post(`${BASE}/venues`)
      .set('Authorization', ADMIN)
      .send({
        venue: 'Written Here',
        description: 'Written here.',
        address: '101 Main St',
        city: 'Portland',
        country: 'United States',
        state: 'OR',
        zip: '97201',
        phone: '555-0101',
        website: 'https://example.com/venue-1',
      })
      .expect(201);
    const [ours] = await q('SELECT * FROM wp_posts WHERE ID = ?', [res.body.id]);
    const [theirs] = await q('SELECT * FROM wp_posts WHERE ID = 5');
    for (const column of FIXED_COLUMNS) expect([column, ours[column]]).toEqual([column, theirs[column]]);
    expect(ours.guid).toBe(`${SITE}/venue/written-here/`);
    expect(theirs.guid).toBe('http://127.0.0.1:8080/venue/venue-01/');

    const oursMeta = await meta(res.body.id);
    const theirsMeta = (await meta(5)).filter((m) => !STRAY_KEYS.test(m.meta_key));
    expect(oursMeta.map((m) => m.meta_key).sort()).toEqual(theirsMeta.map((m) => m.meta_key).sort());
    const value = (rows: typeof oursMeta, key: string) => rows.find((m) => m.meta_key === key)?.meta_value;
    for (const { meta_key: key } of theirsMeta.filter((m) => m.meta_key !== '_tribe_modified_fields')) {
      expect([key, value(oursMeta, key)]).toEqual([key, value(theirsMeta, key)]);
    }
    const tracked = (raw: string) =>
      [...raw.matchAll(/s:\d+:"([^"]+)";i:\d+;/g)]
        .map((m) => m[1])
        .filter((k) => !STRAY_KEYS.test(k))
        .sort();
    expect(tracked(value(oursMeta, '_tribe_modified_fields')!)).toEqual(tracked(value(theirsMeta, '_tribe_modified_fields')!));
  });

  it('writes an organizer with the same rows as the plugin wrote organizer 25', async () => {
    const res = await t.http
      .post(`${BASE}/organizers`)
      .set('Authorization', ADMIN)
      .send({ organizer: 'Org Written Here', description: 'Desc.', phone: '555-0201', website: 'https://example.com/org-1', email: 'org1@example.com' })
      .expect(201);
    const [ours] = await q('SELECT * FROM wp_posts WHERE ID = ?', [res.body.id]);
    const [theirs] = await q('SELECT * FROM wp_posts WHERE ID = 25');
    for (const column of FIXED_COLUMNS) expect([column, ours[column]]).toEqual([column, theirs[column]]);
    const oursMeta = await meta(res.body.id);
    const theirsMeta = (await meta(25)).filter((m) => !STRAY_KEYS.test(m.meta_key));
    expect(oursMeta.map((m) => m.meta_key).sort()).toEqual(theirsMeta.map((m) => m.meta_key).sort());
    for (const { meta_key: key, meta_value: theirValue } of theirsMeta.filter((m) => m.meta_key !== '_tribe_modified_fields')) {
      expect([key, oursMeta.find((m) => m.meta_key === key)?.meta_value]).toEqual([key, theirValue]);
    }
    const read = await t.http.get(`${BASE}/organizers/${res.body.id}`).expect(200);
    expect(Object.keys(read.body).sort()).toEqual(Object.keys(golden('organizer-25').body).sort());
  });

  it('filters by the links stored in the plugin-written events', async () => {
    const venues = await t.http.get(`${BASE}/venues?event=45`).expect(200);
    expect(venues.body.venues.map((v: { id: number }) => v.id)).toEqual([5]);
    const organizers = await t.http.get(`${BASE}/organizers?event=45`).expect(200);
    expect(organizers.body.organizers.map((o: { id: number }) => o.id).sort()).toEqual([25, 32]);
    const fixtureVenue = (v: { id: number }) => v.id >= 5 && v.id <= 24;
    const withEvents = (await t.http.get(`${BASE}/venues?has_events=true&per_page=50`).expect(200)).body.venues;
    expect(withEvents.filter(fixtureVenue)).toHaveLength(20);
    expect(withEvents).toHaveLength(20);
    expect((await t.http.get(`${BASE}/venues?has_events=false&per_page=50`).expect(200)).body.venues.filter(fixtureVenue)).toEqual([]);
    const [{ n }] = await q(
      `SELECT COUNT(DISTINCT v.meta_value) AS n FROM wp_postmeta v JOIN wp_posts e ON e.ID = v.post_id AND e.post_status = 'publish'
       JOIN wp_postmeta s ON s.post_id = e.ID AND s.meta_key = '_EventStartDateUTC' WHERE v.meta_key = '_EventVenueID' AND s.meta_value >= UTC_TIMESTAMP()`,
    );
    expect((await t.http.get(`${BASE}/venues?only_with_upcoming=true&per_page=50`).expect(200)).body.total).toBe(Number(n));
    const portland = await t.http.get(`${BASE}/venues?search=portland`).expect(200);
    expect(portland.body.venues.map((v: { id: number }) => v.id)).toContain(5);
    for (const venue of portland.body.venues) expect(JSON.stringify(venue).toLowerCase()).toContain('portland');
  });

  it("applies the fixture roles: authors cannot edit the administrator's venues, contributors only propose", async () => {
    await t.http.post(`${BASE}/venues/6`).set('Authorization', AUTHOR).send({ city: 'x' }).expect(403);
    const proposed = await t.http.post(`${BASE}/venues`).set('Authorization', CONTRIBUTOR).send({ venue: 'Proposal', status: 'publish' }).expect(201);
    expect(proposed.body.status).toBe('pending');
  });

  it('trashes a plugin-written venue and removes exactly its links from the events', async () => {
    const linked = (await q(`SELECT post_id FROM wp_postmeta WHERE meta_key = '_EventVenueID' AND meta_value = '7'`)).map((r) => r.post_id);
    expect(linked.length).toBe(10);
    const organizersBefore = await q(`SELECT COUNT(*) AS n FROM wp_postmeta WHERE meta_key = '_EventOrganizerID'`);
    const listedBefore = (await t.http.get(`${BASE}/venues?per_page=50`).expect(200)).body.total;
    const res = await t.http.delete(`${BASE}/venues/7`).set('Authorization', ADMIN).expect(200);
    expect(res.body).toMatchObject({ status: 'trash', slug: 'venue-03__trashed', url: `${SITE}/?post_type=tribe_venue&p=7` });
    expect(await q(`SELECT post_id FROM wp_postmeta WHERE meta_key = '_EventVenueID' AND meta_value = '7'`)).toEqual([]);
    expect(await q(`SELECT COUNT(*) AS n FROM wp_postmeta WHERE meta_key = '_EventOrganizerID'`)).toEqual(organizersBefore);
    expect((await t.http.get(`${BASE}/venues?per_page=50`).expect(200)).body.total).toBe(listedBefore - 1);
    expect((await t.http.delete(`${BASE}/venues/7`).set('Authorization', ADMIN).expect(410)).body.code).toBe('venue-is-in-trash');
  });
});
