import { bumpCacheVersion } from '../support/data-version';
import { Query, withFixtureApp } from '../support/fixture-app';
import { basic, TestApp } from '../support/test-app';

const BASE = '/wp-json/tribe/events/v1';
const RANGE = 'start_date=2027-01-01&end_date=2028-12-31';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');

/**
 * Issue #22 items 5–9 on the plugin's own site (permalink structure `/%postname%/`): records the
 * plugin wrote, changed the way WordPress's editor would, read as the plugin reads them.
 */
describe('plugin fidelity, round 3, on the WordPress + TEC fixture database (MariaDB)', () => {
  let t: TestApp;
  let q: Query;
  withFixtureApp((app) => ({ t, q } = app));

  const setPost = async (id: number, column: 'post_status' | 'post_password' | 'post_content', value: string) => {
    await q(`UPDATE wp_posts SET ${column} = ? WHERE ID = ?`, [value, id]);
    await bumpCacheVersion(t);
  };

  it("Q69: a draft's json_ld url is TEC's event link, its slash encoded in the query and added again", async () => {
    await setPost(100, 'post_status', 'draft');
    const draft = (await t.http.get(`${BASE}/events/100`).set('Authorization', ADMIN).expect(200)).body;
    expect(draft.url).toMatch(/\/\?post_type=tribe_events&p=100$/);
    expect(draft.json_ld.url).toBe(`${draft.url}%2F/`);
    const published = (await t.http.get(`${BASE}/events/101`).expect(200)).body;
    expect(published.json_ld.url).toBe(published.url);
    expect(published.url).toMatch(/\/event\/[a-z0-9-]+\/$/);
  });

  it('a private venue keeps its pretty permalink', async () => {
    await setPost(5, 'post_status', 'private');
    const venue = (await t.http.get(`${BASE}/venues/5`).set('Authorization', ADMIN).expect(200)).body;
    expect(venue.url).toMatch(/\/venue\/venue-01\/$/);
  });

  it('Q70: a gallery naming no attachment of the site renders as nothing', async () => {
    await setPost(102, 'post_content', 'Before\n\n[gallery ids="999999"]\n\nAfter');
    const event = (await t.http.get(`${BASE}/events/102`).expect(200)).body;
    expect(event.description).toBe('<p>Before</p>\n\n<p>After</p>');
  });

  it('Q71: a protected event stays listed, blanked and counted, for anyone; logged-out searches leave it out', async () => {
    const totals = async () => {
      const anonymous = (await t.http.get(`${BASE}/events?${RANGE}`).expect(200)).body.total as number;
      return [anonymous, (await t.http.get(`${BASE}/events?${RANGE}`).set('Authorization', ADMIN).expect(200)).body.total as number];
    };
    const before = await totals();
    await setPost(103, 'post_password', 'Sesame');
    expect(await totals()).toEqual(before);
    const title = (await t.http.get(`${BASE}/events/103?password=Sesame`).expect(200)).body.title as string;
    for (const auth of [undefined, ADMIN]) {
      const req = t.http.get(`${BASE}/events?include=103`);
      const body = (await (auth ? req.set('Authorization', auth) : req).expect(200)).body;
      expect(body.total).toBe(1);
      expect(body.events[0]).toMatchObject({ id: 103, title, description: '', categories: [], venue: [] });
    }
    const search = `${BASE}/events?${RANGE}&search=${encodeURIComponent(title)}`;
    expect((await t.http.get(search).expect(200)).body.events.map((e: { id: number }) => e.id)).not.toContain(103);
    expect((await t.http.get(search).set('Authorization', ADMIN).expect(200)).body.events.map((e: { id: number }) => e.id)).toContain(103);
  });
});
