import { basic } from '../support/test-app';
import { FixtureApp, withFixtureApp } from '../support/fixture-app';

const BASE = '/wp-json/tribe/events/v1';
const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const AUTHOR = basic('author1', 'Js901TEC9HVgFIfmjNssGWSq');
const CONTRIBUTOR = basic('contributor1', 'UDIAuF0FGTU7DKqYDt94JgxK');
const EVENT = { title: 'Security check', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };

/**
 * Issue #13 findings 1 and 2 on the real WordPress + TEC fixture (MariaDB): the administrator's
 * plugin-written venue 5 "Venue 01" and organizer 25 "Organizer 01", the fixture's own logins.
 */
describe('security: other users’ venues and organizers on the fixture database (MariaDB)', () => {
  let f: FixtureApp;

  withFixtureApp((app) => (f = app));

  const send = (path: string, body: Record<string, unknown>, auth: string) => f.t.http.post(`${BASE}${path}`).set('Authorization', auth).send(body);
  const metaValue = async (id: number, key: string) =>
    (await f.q<{ meta_value: string }>('SELECT meta_value FROM wp_postmeta WHERE post_id = ? AND meta_key = ?', [id, key])).map((r) => r.meta_value);

  it('a contributor posting "Venue 01" gets a new draft; the administrator’s venue 5 keeps its address', async () => {
    const res = await send('/venues', { venue: 'Venue 01', address: 'PWNED' }, CONTRIBUTOR).expect(201);
    expect(res.body.id).not.toBe(5);
    expect(res.body).toMatchObject({ venue: 'Venue 01', address: 'PWNED', status: 'draft' });
    const [row] = await f.q('SELECT post_author, post_status, post_type FROM wp_posts WHERE ID = ?', [res.body.id]);
    expect(row).toMatchObject({ post_status: 'draft', post_type: 'tribe_venue' });
    const [contributor] = await f.q<{ ID: number }>("SELECT ID FROM wp_users WHERE user_login = 'contributor1'");
    expect(Number(row.post_author)).toBe(Number(contributor.ID));

    expect(await metaValue(5, '_VenueAddress')).toEqual(['101 Main St']);
    expect((await f.t.http.get(`${BASE}/venues/5`).expect(200)).body).toMatchObject({ venue: 'Venue 01', address: '101 Main St' });
    // The administrator may edit it: reused as before, only the supplied field written.
    expect((await send('/venues', { venue: 'venue 01', phone: '555-0199' }, ADMIN).expect(201)).body).toMatchObject({
      id: 5,
      address: '101 Main St',
      phone: '555-0199',
    });
  });

  it('inline venue/organizer of a contributor’s event: new records, venue 5 and organizer 25 untouched', async () => {
    const res = await send(
      '/events',
      { ...EVENT, venue: { venue: 'Venue 01', address: 'PWNED' }, organizer: [{ organizer: 'Organizer 01', phone: 'PWNED' }] },
      CONTRIBUTOR,
    ).expect(201);
    expect(res.body.venue.id).not.toBe(5);
    expect(res.body.organizer.map((o: { id: number }) => o.id)).not.toContain(25);
    expect(await metaValue(5, '_VenueAddress')).toEqual(['101 Main St']);
    expect(await metaValue(25, '_OrganizerPhone')).toEqual(['555-0201']);
    expect(await metaValue(res.body.id, '_EventVenueID')).toEqual([String(res.body.venue.id)]);
  });

  it('an administrator’s private venue is neither shown by its name nor linkable by an author', async () => {
    const secret = (await send('/venues', { venue: 'Admin Safe House', status: 'private', address: '1 Hidden Way' }, ADMIN).expect(201)).body;
    const byName = (await send('/venues', { venue: 'Admin Safe House' }, CONTRIBUTOR).expect(201)).body;
    expect(byName.id).not.toBe(secret.id);
    expect(JSON.stringify(byName)).not.toContain('Hidden Way');

    const events = (await f.q<{ n: number }>("SELECT COUNT(*) AS n FROM wp_posts WHERE post_type = 'tribe_events'"))[0].n;
    for (const venue of [secret.id, String(secret.id), { id: secret.id }]) {
      const res = await send('/events', { ...EVENT, status: 'publish', venue }, AUTHOR).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { venue: expect.any(String) } } });
    }
    expect((await f.q<{ n: number }>("SELECT COUNT(*) AS n FROM wp_posts WHERE post_type = 'tribe_events'"))[0].n).toBe(events);

    const own = (await send('/events', { ...EVENT, venue: 5 }, AUTHOR).expect(201)).body;
    expect(own.venue.id).toBe(5);
    await send(`/events/${own.id}`, { venue: secret.id }, AUTHOR).expect(400);
    await send(`/events/by-slug/${own.slug}`, { venue: { id: secret.id } }, AUTHOR).expect(400);
    expect(await metaValue(own.id, '_EventVenueID')).toEqual(['5']);
    expect(JSON.stringify((await f.t.http.get(`${BASE}/events/${own.id}`).expect(200)).body)).not.toContain('Hidden Way');
  });
});
