import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { daysFromNow, EVENTS, insertEvent, insertLinked, insertTerm } from './events-test-helpers';

// Issue #16: parameters of the contract that work as the plugin accepts them, and the plugin's data read
// as the plugin reads it. Both engines.

describe('list parameters and reads as the plugin has them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('status as an array or a comma list, with the same permission rules, on events, venues and organizers', async () => {
    const published = await insertEvent(t, { title: 'Status published', start: daysFromNow(3) });
    const draft = await insertEvent(t, { title: 'Status draft', status: 'draft', start: daysFromNow(3) });
    const ids = async (query: string, auth?: string) => {
      const req = t.http.get(`${EVENTS}?search=Status&${query}`);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).body.events.map((e: { id: number }) => e.id).sort();
    };
    const both = [published, draft].sort();
    expect(await ids('status[]=publish&status[]=draft', ADMIN)).toEqual(both);
    expect(await ids('status=publish,draft', ADMIN)).toEqual(both);
    expect(await ids('status[]=draft', ADMIN)).toEqual([draft]);
    // Anonymous callers may ask for exactly `publish`, as an array too; anything else stays a 400.
    expect(await ids('status[]=publish')).toEqual([published]);
    expect((await t.http.get(`${EVENTS}?status[]=publish&status[]=draft`)).status).toBe(400);
    expect((await t.http.get(`${EVENTS}?status[]=bogus`).set('Authorization', ADMIN)).status).toBe(400);

    const venue = await insertLinked(t, 'tribe_venue', 'Status venue draft', [], 'draft');
    const venues = async (query: string) =>
      (await t.http.get(`${BASE}/venues?${query}`).set('Authorization', ADMIN).expect(200)).body.venues.map((v: { id: number }) => v.id);
    expect(await venues('status[]=draft&status[]=pending')).toContain(venue);
    expect(await venues('status[]=publish')).not.toContain(venue);
    const organizer = await insertLinked(t, 'tribe_organizer', 'Status organizer pending', [], 'pending');
    const organizers = (await t.http.get(`${BASE}/organizers?status[]=pending`).set('Authorization', ADMIN).expect(200)).body.organizers;
    expect(organizers.map((o: { id: number }) => o.id)).toContain(organizer);
  });

  it('only_with_upcoming: unpublished upcoming events count for callers who may read them, published ones for everybody', async () => {
    const quiet = await insertLinked(t, 'tribe_venue', 'Upcoming only by draft');
    await insertEvent(t, { title: 'Draft upcoming', status: 'draft', start: daysFromNow(5), venue: quiet });
    const busy = await insertLinked(t, 'tribe_venue', 'Upcoming published');
    await insertEvent(t, { title: 'Published upcoming', start: daysFromNow(5), venue: busy });
    const past = await insertLinked(t, 'tribe_venue', 'Only past');
    await insertEvent(t, { title: 'Past', start: daysFromNow(-30), venue: past });
    const listed = async (auth?: string) => {
      const req = t.http.get(`${BASE}/venues?only_with_upcoming=1&per_page=50`);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).body.venues.map((v: { id: number }) => v.id);
    };
    const anonymous = await listed();
    expect(anonymous).toContain(busy);
    expect(anonymous).not.toContain(quiet);
    expect(anonymous).not.toContain(past);
    const editor = await userWithRole(t, 'editor', 'upcoming-editor');
    expect(await listed(editor.auth)).toEqual(expect.arrayContaining([busy, quiet]));
    expect(await listed(editor.auth)).not.toContain(past);
    // A subscriber reads no drafts: the draft's venue is not upcoming for them.
    const subscriber = await userWithRole(t, 'subscriber', 'upcoming-subscriber');
    expect(await listed(subscriber.auth)).not.toContain(quiet);
  });

  it('term lists: rest_url never carries page, on any page', async () => {
    for (const name of ['Parity A', 'Parity B', 'Parity C']) await insertTerm(t, 'post_tag', name);
    for (const page of [1, 2, 3]) {
      const body = (await t.http.get(`${BASE}/tags?hide_empty=0&per_page=1&page=${page}`).expect(200)).body;
      expect(body.rest_url).not.toMatch(/[?&]page=/);
      expect(body.rest_url).toContain('per_page=1');
    }
  });

  it('JSON-LD: a private event or venue is named as get_the_title names it', async () => {
    const venue = await insertLinked(t, 'tribe_venue', 'Back Room', [], 'private');
    const event = await insertEvent(t, { title: 'Board meeting', status: 'private', start: daysFromNow(7), venue });
    const body = (await t.http.get(`${EVENTS}/${event}`).set('Authorization', ADMIN).expect(200)).body;
    expect(body.json_ld.name).toBe('Private: Board meeting');
    expect(body.title).toBe('Board meeting');
    expect((await t.http.get(`${BASE}/venues/${venue}`).set('Authorization', ADMIN).expect(200)).body.json_ld.name).toBe('Private: Back Room');
  });

  it("a private venue's or organizer's url is its pretty permalink; drafts keep the plain form", async () => {
    const privateVenue = await insertLinked(t, 'tribe_venue', 'Private Hall', [], 'private');
    const draftOrganizer = await insertLinked(t, 'tribe_organizer', 'Draft Org', [], 'draft');
    const privateOrganizer = await insertLinked(t, 'tribe_organizer', 'Private Org', [], 'private');
    expect((await t.http.get(`${BASE}/venues/${privateVenue}`).set('Authorization', ADMIN).expect(200)).body.url).toMatch(/\/venue\/private-hall\/$/);
    expect((await t.http.get(`${BASE}/organizers/${privateOrganizer}`).set('Authorization', ADMIN).expect(200)).body.url).toMatch(
      /\/organizer\/private-org\/$/,
    );
    expect((await t.http.get(`${BASE}/organizers/${draftOrganizer}`).set('Authorization', ADMIN).expect(200)).body.url).toMatch(
      new RegExp(`/\\?post_type=tribe_organizer&p=${draftOrganizer}$`),
    );
  });

  it('venue and organizer JSON-LD is there when a password unlocks them and in context=edit, named as get_the_title does', async () => {
    const venue = await insertLinked(t, 'tribe_venue', 'Locked Venue', [['_VenueCity', 'Lyon']], 'publish', 'sesame');
    const read = async (query: string, auth?: string) => {
      const req = t.http.get(`${BASE}/venues/${venue}${query}`);
      return (await (auth ? req.set('Authorization', auth) : req).expect(200)).body;
    };
    expect((await read('')).json_ld).toBeUndefined();
    const unlocked = await read('?password=sesame');
    expect(unlocked.json_ld).toMatchObject({ '@type': 'Place', name: 'Protected: Locked Venue' });
    expect(unlocked.city).toBe('Lyon');
    expect((await read('?context=edit', ADMIN)).json_ld).toMatchObject({ '@type': 'Place' });
    expect((await read('?password=wrong')).json_ld).toBeUndefined();
    const organizer = await insertLinked(t, 'tribe_organizer', 'Locked Org', [], 'publish', 'sesame');
    const org = (await t.http.get(`${BASE}/organizers/${organizer}?password=sesame`).expect(200)).body;
    expect(org.json_ld).toMatchObject({ '@type': 'Person', name: 'Protected: Locked Org' });
  });
});
