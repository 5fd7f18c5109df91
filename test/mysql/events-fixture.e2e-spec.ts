import { Sql } from '../../src/database/sql';
import { basic, TestApp } from '../support/test-app';
import { Query, withFixtureApp } from '../support/fixture-app';

const EVENTS = '/wp-json/tribe/events/v1/events';
const RANGE = 'start_date=2027-01-01&end_date=2028-12-31';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');

describe('event reads on the WordPress + TEC fixture database (MariaDB)', () => {
  let t: TestApp;
  let q: Query;
  // Every total kept, however fast its count (READ_MODEL_TOTAL_MIN_MS): whether a count crosses the limit
  // depends on the machine's load, and a kept total adds its row's transaction to the statements counted below.
  withFixtureApp((app) => ({ t, q } = app), { env: { READ_MODEL_TOTAL_MIN_MS: '0' } });

  const total = async (query: string) => (await t.http.get(`${EVENTS}?${query}`).expect(200)).body.total as number;
  const linkedCount = async (key: string, id: number) =>
    Number((await q('SELECT COUNT(DISTINCT post_id) AS n FROM wp_postmeta WHERE meta_key = ? AND meta_value = ?', [key, String(id)]))[0].n);

  it('loads a page of events with a fixed number of queries, whatever its size', async () => {
    const spy = jest.spyOn(Sql.prototype, 'rows');
    const count = async (perPage: number, page: number, end: string) => {
      spy.mockClear();
      // A window of its own (the same events) so each request counts its own total, and pages whose
      // records no earlier request loaded, so the shared record cache answers none of them.
      const res = await t.http.get(`${EVENTS}?start_date=2027-01-01&end_date=${end}&per_page=${perPage}&page=${page}`).set('Authorization', ADMIN).expect(200);
      expect(res.body.events).toHaveLength(perPage);
      return spy.mock.calls.length;
    };
    await count(1, 200, '2028-12-31'); // warms what every request shares: the verified login, the site options
    await count(1, 199, '2028-12-31');
    const small = await count(2, 1, '2029-12-31');
    expect(await count(50, 2, '2030-12-31')).toBe(small);
    // Records no request read before: besides reading them, the read model keeps them (a transaction for
    // the events, one for their venues, one for their organizers, one for the total: counters, journal,
    // epoch, keys, rows), a fixed number whatever the page's size.
    expect(small).toBeLessThanOrEqual(45);
    spy.mockRestore();
  });

  it('lists the 200 seeded events in start order across pages', async () => {
    const starts: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = (await t.http.get(`${EVENTS}?${RANGE}&per_page=50&page=${page}`).expect(200)).body;
      starts.push(...body.events.map((e: { start_date: string }) => e.start_date));
      expect(body.total).toBe(200);
    }
    expect(starts).toHaveLength(200);
    expect([...starts].sort()).toEqual(starts);
  });

  it('filters by each venue and organizer with the totals the link meta gives', async () => {
    for (const venue of [5, 12, 24]) expect(await total(`${RANGE}&venue=${venue}`)).toBe(await linkedCount('_EventVenueID', venue));
    for (const organizer of [25, 30, 44]) expect(await total(`${RANGE}&organizer=${organizer}`)).toBe(await linkedCount('_EventOrganizerID', organizer));
  });

  it('filters by categories and tags with the totals term_relationships gives', async () => {
    const attached = async (termId: number) =>
      Number(
        (
          await q(
            `SELECT COUNT(*) AS n FROM wp_term_relationships tr JOIN wp_term_taxonomy tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
             JOIN wp_posts p ON p.ID = tr.object_id WHERE tt.term_id = ? AND p.post_type = 'tribe_events' AND p.post_status = 'publish'`,
            [termId],
          )
        )[0].n,
      );
    for (const term of [2, 7, 11]) expect(await total(`${RANGE}&categories=${term}`)).toBe(await attached(term));
    for (const term of [12, 20, 26]) expect(await total(`${RANGE}&tags=${term}`)).toBe(await attached(term));
    const [{ slug }] = await q('SELECT slug FROM wp_terms WHERE term_id = 7');
    expect(await total(`${RANGE}&categories=${slug}`)).toBe(await attached(7));
  });

  it('reads every seeded event by ID and by slug identically, with the stored dates', async () => {
    const rows = await q(
      `SELECT p.ID, p.post_name, m.meta_value AS start FROM wp_posts p JOIN wp_postmeta m ON m.post_id = p.ID AND m.meta_key = '_EventStartDate'
       WHERE p.post_type = 'tribe_events' ORDER BY p.ID LIMIT 20`,
    );
    for (const row of rows) {
      const byId = (await t.http.get(`${EVENTS}/${row.ID}`).expect(200)).body;
      const bySlug = (await t.http.get(`${EVENTS}/by-slug/${row.post_name}`).expect(200)).body;
      expect(byId.start_date).toBe(row.start);
      expect({ ...bySlug, json_ld: undefined, organizer: undefined }).toEqual({ ...byId, json_ld: undefined, organizer: undefined });
    }
  });

  it('shows the same list to the fixture administrator (every event is published)', async () => {
    const anonymous = (await t.http.get(`${EVENTS}?${RANGE}&per_page=50`).expect(200)).body;
    const admin = (await t.http.get(`${EVENTS}?${RANGE}&per_page=50`).set('Authorization', ADMIN).expect(200)).body;
    expect(admin.total).toBe(anonymous.total);
    expect(admin.events.map((e: { id: number }) => e.id)).toEqual(anonymous.events.map((e: { id: number }) => e.id));
  });
});
