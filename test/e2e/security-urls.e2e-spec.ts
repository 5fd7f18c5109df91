import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { created, sitePath } from './site-test-helpers';

// Issue #22 item 3: websites and image URLs are http(s) only on every write (the `scheme://host` form
// passed the URL check), and what WordPress or an older version stored with another scheme is never
// rendered as an href/src on the pages nor as a JSON-LD url/sameAs/image. Both engines.

const HOSTILE = 'javascript://example.org/%0aalert(document.domain)';
const REASON = (name: string, value = HOSTILE) => `${name} must use http or https: ${JSON.stringify(value)}.`;
const event = { title: 'URL checks', start_date: '2031-06-01 10:00:00', end_date: '2031-06-01 11:00:00' };

describe('websites and image URLs (issue #22)', () => {
  let t: TestApp;
  let author: string;
  beforeAll(async () => {
    t = await startTestApp();
    author = (await userWithRole(t, 'author')).auth;
  });
  afterAll(() => t.close());

  /** The 400 of a write: rest_invalid_param naming each refused parameter; its reasons. */
  const refused = async (method: 'post' | 'put', path: string, body: Record<string, unknown>, auth = ADMIN) => {
    const res = await t.http[method](`${BASE}${path}`).set('Authorization', auth).send(body);
    expect([res.status, res.body.code, res.body.data?.status]).toEqual([400, 'rest_invalid_param', 400]);
    return res.body.data.params as Record<string, string>;
  };

  it('refuses a javascript: website or image on create, for any author', async () => {
    expect(await refused('post', '/organizers', { organizer: 'Mallory', website: HOSTILE }, author)).toEqual({ website: REASON('website') });
    expect(await refused('post', '/venues', { venue: 'Trap', website: HOSTILE, image: 'javascript://x.org/a.png' }, author)).toEqual({
      website: REASON('website'),
      image: REASON('image', 'javascript://x.org/a.png'),
    });
    expect(await refused('post', '/events', { ...event, website: 'VBScript://x.org/', image: 'data://x.org/a.png' }, author)).toEqual({
      website: REASON('website', 'VBScript://x.org/'),
      image: REASON('image', 'data://x.org/a.png'),
    });
    // A plain `javascript:` URL was already refused, as not absolute.
    expect(await refused('post', '/organizers', { organizer: 'Mallory', website: 'javascript:alert(7)' })).toEqual({
      website: 'website is not an absolute URL: "javascript:alert(7)".',
    });
  });

  it('refuses them inside an event write, and on update', async () => {
    expect(await refused('post', '/events', { ...event, venue: { venue: 'Inline', website: HOSTILE } })).toEqual({
      venue: `venue (inline): ${REASON('website')}`,
    });
    expect(await refused('post', '/events', { ...event, organizer: [{ organizer: 'Inline', website: HOSTILE }] })).toEqual({
      organizer: `organizer (inline): ${REASON('website')}`,
    });
    const organizer = await created(t, 'organizers', { organizer: 'Safe one', website: 'HTTPS://Example.org/about' });
    expect(organizer.website).toBe('HTTPS://Example.org/about');
    expect(await refused('put', `/organizers/${organizer.id}`, { website: HOSTILE })).toEqual({ website: REASON('website') });
    const venue = await created(t, 'venues', { venue: 'Safe place' });
    expect(await refused('put', `/venues/${venue.id}`, { website: HOSTILE })).toEqual({ website: REASON('website') });
    const stored = await created(t, 'events', event);
    expect(await refused('put', `/events/${stored.id}`, { website: HOSTILE, image: 'ftp://x.org/a.png' })).toEqual({
      website: REASON('website'),
      image: REASON('image', 'ftp://x.org/a.png'),
    });
  });

  it('never renders a stored non-http(s) website or image as a link, an image or JSON-LD', async () => {
    const venue = await created(t, 'venues', { venue: 'Old venue', website: 'https://venue.example/' });
    const organizer = await created(t, 'organizers', { organizer: 'Old organizer', website: 'https://organizer.example/' });
    const stored = await created(t, 'events', {
      ...event,
      description: 'Old data',
      website: 'https://event.example/',
      image: 'https://images.example/poster.png',
      venue: venue.id,
      organizer: [organizer.id],
    });
    // As WordPress (or an older version) may hold them.
    const meta = t.db.sql.table('postmeta');
    for (const [id, key] of [
      [venue.id, '_VenueURL'],
      [organizer.id, '_OrganizerWebsite'],
      [stored.id, '_EventURL'],
    ]) {
      await t.db.sql.run(`UPDATE ${meta} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [HOSTILE, id, key]);
    }
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET guid = ? WHERE ID = ?`, ['javascript://x.org/%0aalert(1)//a.png', stored.image.id]);
    await bumpCacheVersion(t);

    // The REST read shows the stored value as the plugin does (no esc_url there); its JSON-LD does not.
    const read = (await t.http.get(`${BASE}/events/${stored.id}`).expect(200)).body;
    expect([read.website, read.venue.website, read.organizer[0].website]).toEqual([HOSTILE, HOSTILE, HOSTILE]);
    expect(read.json_ld.image).toBeUndefined();
    expect(read.json_ld.location.sameAs).toBe('');
    expect([read.json_ld.organizer.url, read.json_ld.organizer.sameAs]).toEqual(['', '']);
    expect(JSON.stringify(read.json_ld)).not.toMatch(/javascript/i);
    for (const path of [`/venues/${venue.id}`, `/organizers/${organizer.id}`]) {
      const own = (await t.http.get(`${BASE}${path}`).expect(200)).body;
      expect(own.website).toBe(HOSTILE);
      expect([own.json_ld.url, own.json_ld.sameAs ?? '']).toEqual(['', '']);
      expect(JSON.stringify(own.json_ld)).not.toMatch(/javascript/i);
    }

    for (const url of [stored.url, venue.url, organizer.url]) {
      const page = (await t.http.get(sitePath(url)).expect(200)).text;
      expect(page).not.toMatch(/javascript/i);
      expect(page).toContain('application/ld+json');
    }
    // An http(s) website is linked; one written without a scheme is read as a host, as esc_url does.
    await t.db.sql.run(`UPDATE ${meta} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, [
      'https://organizer.example/',
      organizer.id,
      '_OrganizerWebsite',
    ]);
    await t.db.sql.run(`UPDATE ${meta} SET meta_value = ? WHERE post_id = ? AND meta_key = ?`, ['www.venue.example', venue.id, '_VenueURL']);
    await bumpCacheVersion(t);
    expect((await t.http.get(sitePath(organizer.url)).expect(200)).text).toContain('<a href="https://organizer.example/">');
    expect((await t.http.get(sitePath(venue.url)).expect(200)).text).toContain('<a href="http://www.venue.example">');
    const again = (await t.http.get(`${BASE}/events/${stored.id}`).expect(200)).body;
    expect([again.json_ld.location.sameAs, again.json_ld.organizer.url, again.json_ld.organizer.sameAs]).toEqual([
      'http://www.venue.example',
      'https://organizer.example/',
      'https://organizer.example/',
    ]);
  });
});
