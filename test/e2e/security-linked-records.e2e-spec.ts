import { Login, startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, createEvent, EVENTS, eventMeta, MINIMAL, userWithRole } from './events-write-helpers';
import { metaOf } from './linked-posts-test-helpers';

/**
 * Issue #13, findings 1 and 2: a write must never change or reveal a venue/organizer the caller may
 * not edit (Q27 revised, venues-organizers.md §4.4), nor link one the caller cannot read (Q48 revised).
 */
describe('security: writes naming venues and organizers of other users', () => {
  let t: TestApp;
  let editor: Login;
  let author: Login;
  let otherAuthor: Login;
  let contributor: Login;

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userWithRole(t, 'editor');
    author = await userWithRole(t, 'author');
    otherAuthor = await userWithRole(t, 'author', 'author-two');
    contributor = await userWithRole(t, 'contributor');
  });
  afterAll(() => t.close());

  const post = async (path: string, body: Record<string, unknown>, auth: string, status = 201) =>
    (await t.http.post(`${BASE}${path}`).set('Authorization', auth).send(body).expect(status)).body;
  const venue = (body: Record<string, unknown>, auth = ADMIN) => post('/venues', body, auth);
  const organizer = (body: Record<string, unknown>, auth = ADMIN) => post('/organizers', body, auth);
  const anonymous = async (path: string) => (await t.http.get(`${BASE}${path}`).expect(200)).body;

  describe('create-or-reuse by name (Q27 revised)', () => {
    it('creates a new venue instead of overwriting an administrator’s published one a contributor may not edit', async () => {
      const admins = await venue({ venue: 'Grand Hall', address: '1 Real Street', city: 'Springfield', phone: '555-0100' });
      const res = await t.http.post(`${BASE}/venues`).set('Authorization', contributor.auth).send({ venue: 'grand hall', address: 'PWNED' }).expect(201);
      expect(res.body.id).not.toBe(admins.id);
      expect(res.body).toMatchObject({ author: String(contributor.id), status: 'draft', venue: 'grand hall', address: 'PWNED' });
      expect([res.body.city ?? '', res.body.phone ?? '']).toEqual(['', '']);

      expect(await anonymous(`/venues/${admins.id}`)).toMatchObject({ venue: 'Grand Hall', address: '1 Real Street', city: 'Springfield', phone: '555-0100' });
      expect((await metaOf(t, admins.id))._VenueAddress).toEqual(['1 Real Street']);
    });

    it('creates a new organizer instead of overwriting an administrator’s published one', async () => {
      const admins = await organizer({ organizer: 'City Council', phone: '555-0199', email: 'council@example.org' });
      const res = await organizer({ organizer: 'City Council', phone: 'PWNED', email: 'pwned@example.org' }, contributor.auth);
      expect(res.id).not.toBe(admins.id);
      expect(res).toMatchObject({ author: String(contributor.id), organizer: 'City Council', phone: 'PWNED' });
      expect(await metaOf(t, admins.id)).toMatchObject({ _OrganizerPhone: ['555-0199'], _OrganizerEmail: ['council@example.org'] });
    });

    it('neither shows nor writes an administrator’s private venue found by its name', async () => {
      const secret = await venue({ venue: 'Hidden Bunker', status: 'private', address: '7 Secret Road', zip: '99999' });
      expect(secret.status).toBe('private');
      const res = await venue({ venue: 'Hidden Bunker' }, contributor.auth);
      expect(res.id).not.toBe(secret.id);
      expect(res.venue).toBe('Hidden Bunker');
      expect([res.address ?? '', res.zip ?? '']).toEqual(['', '']);
      expect(JSON.stringify(res)).not.toContain('Secret');
      expect(await metaOf(t, secret.id)).toMatchObject({ _VenueAddress: ['7 Secret Road'], _VenueZip: ['99999'] });
    });

    it('gives an author who cannot edit the same-named record a new published one with a unique slug', async () => {
      const first = await venue({ venue: 'Riverside Stage', address: 'By the river' }, author.auth);
      const second = await venue({ venue: 'Riverside Stage', address: 'Elsewhere' }, otherAuthor.auth);
      expect(second.id).not.toBe(first.id);
      expect(second).toMatchObject({ status: 'publish', slug: 'riverside-stage-2', address: 'Elsewhere', author: String(otherAuthor.id) });
      expect(await anonymous(`/venues/${first.id}`)).toMatchObject({ slug: 'riverside-stage', address: 'By the river' });
    });

    it('reuses the lowest-ID same-named record the caller may edit, writing only the supplied fields', async () => {
      const admins = await venue({ venue: 'Corner Cafe', address: 'Admin Street' });
      const own = await venue({ venue: 'Corner Cafe', address: 'Own Street', city: 'Own City' }, author.auth);
      expect(own.id).not.toBe(admins.id);
      const reused = await venue({ venue: 'CORNER CAFE', phone: '555-0123' }, author.auth);
      expect(reused).toMatchObject({ id: own.id, venue: 'Corner Cafe', address: 'Own Street', city: 'Own City', phone: '555-0123' });
      expect((await metaOf(t, admins.id))._VenuePhone).toBeUndefined();
      // The administrator may edit every record: the first match is still reused, as before.
      expect((await venue({ venue: 'corner cafe', zip: '12345' })).id).toBe(admins.id);
      expect(await anonymous(`/venues/${admins.id}`)).toMatchObject({ address: 'Admin Street', zip: '12345' });
    });

    it('does the same for inline venues and organizers of an event write', async () => {
      const adminVenue = await venue({ venue: 'Opera House', address: '1 Opera Square' });
      const adminOrganizer = await organizer({ organizer: 'Opera Society', phone: '555-0111' });
      const event = await createEvent(
        t,
        { venue: { venue: 'Opera House', address: 'PWNED' }, organizer: [{ organizer: 'opera society', phone: 'PWNED' }] },
        contributor.auth,
      );
      expect(event.venue.id).not.toBe(adminVenue.id);
      expect(event.venue.address).toBe('PWNED');
      expect(event.organizer.map((o: { id: number }) => o.id)).not.toContain(adminOrganizer.id);
      expect(await metaOf(t, adminVenue.id)).toMatchObject({ _VenueAddress: ['1 Opera Square'] });
      expect(await metaOf(t, adminOrganizer.id)).toMatchObject({ _OrganizerPhone: ['555-0111'] });
      expect((await eventMeta(t, event.id))._EventVenueID).toEqual([String(event.venue.id)]);
    });
  });

  describe('linking by ID (Q48 revised)', () => {
    let privateVenue: number;
    let privateOrganizer: number;
    let draftVenue: number;

    beforeAll(async () => {
      privateVenue = (await venue({ venue: 'Private Villa', status: 'private', address: '9 Private Lane' })).id;
      privateOrganizer = (await organizer({ organizer: 'Private Club', status: 'private', email: 'club@example.org' })).id;
      draftVenue = (await venue({ venue: 'Editor Draft', status: 'draft', address: 'Draft Street' }, editor.auth)).id;
    });

    const rejected = async (path: string, body: Record<string, unknown>, auth: string, param: 'venue' | 'organizer') => {
      const res = await t.http.post(`${BASE}${path}`).set('Authorization', auth).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { [param]: expect.any(String) } } });
      expect(JSON.stringify(res.body)).not.toMatch(/Private Lane|club@example/);
    };

    it('rejects an event create linking a venue the author cannot read, in every ID form, writing nothing', async () => {
      const events = await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_events'`);
      for (const raw of [privateVenue, String(privateVenue), { id: privateVenue }, { id: String(privateVenue) }, [privateVenue], draftVenue]) {
        await rejected('/events', { ...MINIMAL, venue: raw }, author.auth, 'venue');
      }
      const after = await t.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_events'`);
      expect(Number(after!.n)).toBe(Number(events!.n));

      // Readable records still link: published ones, the caller's own drafts, others' drafts for an editor.
      const published = (await venue({ venue: 'Open Air Stage' })).id;
      const ownDraft = (await venue({ venue: 'My Draft Venue' }, contributor.auth)).id;
      expect((await createEvent(t, { venue: published }, author.auth)).venue.id).toBe(published);
      expect((await createEvent(t, { venue: { id: ownDraft } }, contributor.auth)).venue.id).toBe(ownDraft);
      expect((await createEvent(t, { venue: draftVenue }, editor.auth)).venue.id).toBe(draftVenue);
      // Links stored by someone who could read the record are shown as before (Q48).
      const linked = await createEvent(t, { venue: privateVenue, organizer: [privateOrganizer] });
      expect(await anonymous(`/events/${linked.id}`)).toMatchObject({
        venue: { id: privateVenue, address: '9 Private Lane' },
        organizer: [{ id: privateOrganizer }],
      });
    });

    it('rejects organizers the caller cannot read, alone, in lists and in comma lists', async () => {
      const readable = (await organizer({ organizer: 'Public Org' })).id;
      for (const raw of [privateOrganizer, [readable, privateOrganizer], `${readable},${privateOrganizer}`, [{ id: privateOrganizer }]]) {
        await rejected('/events', { ...MINIMAL, organizer: raw }, contributor.auth, 'organizer');
      }
    });

    it('rejects an event update (by ID and by slug) linking an unreadable record, leaving the links', async () => {
      const own = await createEvent(t, { title: 'Author Gig', venue: { venue: 'Author Venue' } }, author.auth);
      await rejected(`/events/${own.id}`, { venue: privateVenue }, author.auth, 'venue');
      await rejected(`/events/by-slug/${own.slug}`, { venue: { id: privateVenue } }, author.auth, 'venue');
      await rejected(`/events/${own.id}`, { organizer: [privateOrganizer] }, author.auth, 'organizer');
      for (const method of ['put', 'patch'] as const) {
        await t.http[method](`${EVENTS}/${own.id}`)
          .set('Authorization', author.auth)
          .send({ venue: String(privateVenue) })
          .expect(400);
      }
      const meta = await eventMeta(t, own.id);
      expect(meta._EventVenueID).toEqual([String(own.venue.id)]);
      expect(meta._EventOrganizerID).toBeUndefined();
      expect(await anonymous(`/events/${own.id}`)).toMatchObject({ venue: { id: own.venue.id, venue: 'Author Venue' } });
    });

    it('lets the event be sent back with the links it already has, and no other unreadable one', async () => {
      const own = await createEvent(t, { title: 'Linked By Admin' }, author.auth);
      await t.http
        .patch(`${EVENTS}/${own.id}`)
        .set('Authorization', ADMIN)
        .send({ venue: privateVenue, organizer: [privateOrganizer] })
        .expect(200);
      const resent = await t.http
        .put(`${EVENTS}/${own.id}`)
        .set('Authorization', author.auth)
        .send({ title: 'Linked By Admin, renamed', venue: { id: privateVenue }, organizer: [privateOrganizer] })
        .expect(200);
      expect({ venue: resent.body.venue.id, organizer: resent.body.organizer.map((o: { id: number }) => o.id) }).toEqual({
        venue: privateVenue,
        organizer: [privateOrganizer],
      });
      const otherPrivate = (await organizer({ organizer: 'Another Private Club', status: 'private' })).id;
      await rejected(`/events/${own.id}`, { organizer: [privateOrganizer, otherPrivate] }, author.auth, 'organizer');
    });
  });
});
