import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, insertEvent, insertLinked, SITE } from './events-test-helpers';

const IMG = '<img class="size-medium wp-image-12" src="http://127.0.0.1:3000/a.jpg" alt="" width="300" height="200" />';

/** Issue #16: the plugin's data read as the plugin reads it (each case stored as WordPress + TEC store it). */
describe('reading the plugin’s data as the plugin reads it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = async (path: string, auth?: string) => {
    const req = t.http.get(`${BASE}${path}`);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  describe('JSON-LD startDate/endDate: the offset of the event zone at that instant', () => {
    it('UTC+2 in July is +02:00; a UTC+0 event with stale UTC meta is +00:00; an IANA zone follows DST', async () => {
      const plus2 = await insertEvent(t, {
        start: '2030-07-01 10:00:00',
        end: '2030-07-01 12:00:00',
        utcStart: '2030-07-01 08:00:00',
        utcEnd: '2030-07-01 10:00:00',
        timezone: 'UTC+2',
        timezoneAbbr: 'UTC+2',
      });
      // Its zone changed from UTC+2 to UTC+0 without its UTC meta being rewritten.
      const stale = await insertEvent(t, {
        start: '2030-07-02 10:00:00',
        end: '2030-07-02 11:00:00',
        utcStart: '2030-07-02 08:00:00',
        utcEnd: '2030-07-02 09:00:00',
        timezone: 'UTC+0',
        timezoneAbbr: 'UTC+0',
      });
      const paris = await insertEvent(t, {
        start: '2030-01-10 10:00:00',
        end: '2030-07-10 10:00:00',
        utcStart: '2030-01-10 09:00:00',
        utcEnd: '2030-07-10 08:00:00',
        timezone: 'Europe/Paris',
        timezoneAbbr: 'CET',
      });
      expect((await get(`/events/${plus2}`)).json_ld).toMatchObject({ startDate: '2030-07-01T10:00:00+02:00', endDate: '2030-07-01T12:00:00+02:00' });
      expect((await get(`/events/${stale}`)).json_ld).toMatchObject({ startDate: '2030-07-02T10:00:00+00:00', endDate: '2030-07-02T11:00:00+00:00' });
      expect((await get(`/events/${paris}`)).json_ld).toMatchObject({ startDate: '2030-01-10T10:00:00+01:00', endDate: '2030-07-10T10:00:00+02:00' });
    });
  });

  describe('url of venues and organizers (get_permalink)', () => {
    it('private ones get their pretty permalink; drafts, pending and future ones the ?post_type=&p= form', async () => {
      const privateVenue = await insertLinked(t, 'tribe_venue', 'Hidden Hall', [], 'private');
      const privateOrganizer = await insertLinked(t, 'tribe_organizer', 'Quiet Crew', [], 'private');
      const draftVenue = await insertLinked(t, 'tribe_venue', 'Sketch Hall', [], 'draft');
      const pendingOrganizer = await insertLinked(t, 'tribe_organizer', 'Waiting Crew', [], 'pending');
      expect((await get(`/venues/${privateVenue}`, ADMIN)).url).toBe(`${SITE}/venue/hidden-hall/`);
      expect((await get(`/organizers/${privateOrganizer}`, ADMIN)).url).toBe(`${SITE}/organizer/quiet-crew/`);
      expect((await get(`/venues/${draftVenue}`, ADMIN)).url).toBe(`${SITE}/?post_type=tribe_venue&p=${draftVenue}`);
      expect((await get(`/organizers/${pendingOrganizer}`, ADMIN)).url).toBe(`${SITE}/?post_type=tribe_organizer&p=${pendingOrganizer}`);
      const event = await insertEvent(t, { venue: privateVenue, organizers: [privateOrganizer], status: 'private', slug: 'board-night' });
      const embedded = await get(`/events/${event}`, ADMIN);
      expect(embedded.venue.url).toBe(`${SITE}/venue/hidden-hall/`);
      expect(embedded.organizer[0].url).toBe(`${SITE}/organizer/quiet-crew/`);
      expect(embedded.url).toBe(`${SITE}/event/board-night/`);
      const listed = await get('/venues?status=private', ADMIN);
      expect(listed.venues.map((v: { url: string }) => v.url)).toContain(`${SITE}/venue/hidden-hall/`);
    });
  });

  describe('WordPress core shortcodes in descriptions', () => {
    it('[caption] renders as WordPress renders it; [embed] as its link; unknown shortcodes stay text', async () => {
      const content = `Intro.\n\n[caption id="attachment_12" align="aligncenter" width="300"]${IMG} The "hall"[/caption]\n\n[embed]https://example.org/talk[/embed]\n\n[tickets id="3"]`;
      const event = await insertEvent(t, { content });
      const venue = await insertLinked(t, 'tribe_venue', 'Caption Hall');
      await t.http.put(`${BASE}/venues/${venue}`).set('Authorization', ADMIN).send({ description: content }).expect(200);
      const figure =
        `<figure id="attachment_12" aria-describedby="caption-attachment-12" style="width: 300px" class="wp-caption aligncenter">${IMG}` +
        '<figcaption id="caption-attachment-12" class="wp-caption-text">The &#8220;hall&#8221;</figcaption></figure>';
      const expected = `<p>Intro.</p>\n${figure}\n<p><a href="https://example.org/talk">https://example.org/talk</a></p>\n<p>[tickets id=&#8221;3&#8243;]</p>`;
      expect((await get(`/events/${event}`)).description).toBe(expected);
      expect((await get(`/venues/${venue}`)).description).toBe(expected);
    });
  });

  describe('JSON-LD name (get_the_title)', () => {
    it('carries "Private: " for a private event, venue or organizer; the REST title does not', async () => {
      const event = await insertEvent(t, { title: 'Board meeting', status: 'private' });
      const venue = await insertLinked(t, 'tribe_venue', 'Board Room', [], 'private');
      const organizer = await insertLinked(t, 'tribe_organizer', 'Board', [], 'private');
      const read = await get(`/events/${event}`, ADMIN);
      expect(read.title).toBe('Board meeting');
      expect(read.json_ld.name).toBe('Private: Board meeting');
      expect((await get(`/venues/${venue}`, ADMIN)).json_ld.name).toBe('Private: Board Room');
      expect((await get(`/organizers/${organizer}`, ADMIN)).json_ld.name).toBe('Private: Board');
      const published = await insertEvent(t, { title: 'Open day' });
      expect((await get(`/events/${published}`)).json_ld.name).toBe('Open day');
    });
  });

  describe('JSON-LD of password-protected venues and organizers', () => {
    it('is present once the password unlocks them, and in context=edit; absent while locked', async () => {
      const venue = await insertLinked(t, 'tribe_venue', 'Vault', [['_VenueCity', 'Bern']], 'publish', 'sesame');
      const organizer = await insertLinked(t, 'tribe_organizer', 'Keepers', [], 'publish', 'sesame');
      expect((await get(`/venues/${venue}`)).json_ld).toBeUndefined();
      const unlocked = await get(`/venues/${venue}?password=sesame`);
      expect(unlocked.json_ld).toMatchObject({ '@type': 'Place', name: 'Protected: Vault', address: { addressLocality: 'Bern' } });
      expect((await get(`/venues/${venue}?context=edit`, ADMIN)).json_ld).toMatchObject({ '@type': 'Place' });
      expect((await get(`/venues/${venue}?password=wrong`)).json_ld).toBeUndefined();
      expect((await get(`/organizers/${organizer}?password=sesame`)).json_ld).toMatchObject({ '@type': 'Person', name: 'Protected: Keepers' });
      expect((await get(`/organizers/${organizer}`)).json_ld).toBeUndefined();
    });
  });

  describe('term lists', () => {
    it('rest_url carries no page, on any page', async () => {
      const res = await t.http.get(`${BASE}/categories?hide_empty=0&per_page=1&page=2`).expect(200);
      expect(res.body.rest_url).toBe(`${SITE}/wp-json/tribe/events/v1/categories/?hide_empty=0&per_page=1`);
      expect((await t.http.get(`${BASE}/tags?page=1`).expect(200)).body.rest_url).toBe(`${SITE}/wp-json/tribe/events/v1/tags/?per_page=10`);
    });
  });
});
