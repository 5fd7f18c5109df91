import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, countRows, createEvent, eventMeta, eventPost, EVENTS, MINIMAL, tecRows, userWithRole } from './events-write-helpers';

describe('events: update, trash, venues/organizers and permissions', () => {
  let t: TestApp;
  let editor: { id: number; auth: string };
  let author: { id: number; auth: string };
  let contributor: { id: number; auth: string };
  let subscriber: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    editor = await userWithRole(t, 'editor');
    author = await userWithRole(t, 'author');
    contributor = await userWithRole(t, 'contributor');
    subscriber = await userWithRole(t, 'subscriber');
  });
  afterAll(() => t.close());

  const update = (id: number | string, body: Record<string, unknown>, auth = ADMIN, method: 'post' | 'put' | 'patch' = 'post') =>
    t.http[method](`${EVENTS}/${id}`).set('Authorization', auth).send(body);

  describe('partial updates (Q9 DEVIATE)', () => {
    it('POST, PUT and PATCH change only the supplied fields', async () => {
      const created = await createEvent(t, {
        title: 'Full',
        timezone: 'America/New_York',
        all_day: true,
        cost: '$5',
        website: 'https://example.com',
        show_map: true,
        hide_from_listings: true,
        sticky: true,
        featured: true,
        status: 'draft',
      });
      const before = await eventMeta(t, created.id);
      for (const method of ['post', 'put', 'patch'] as const) {
        const res = await update(created.id, { title: `Renamed ${method}` }, ADMIN, method).expect(200);
        expect(res.body).toMatchObject({
          title: `Renamed ${method}`,
          status: 'draft',
          all_day: true,
          timezone: 'America/New_York',
          cost: '$5',
          website: 'https://example.com',
          show_map: true,
          hide_from_listings: true,
          sticky: true,
          featured: true,
        });
        expect(res.body.json_ld).toBeUndefined();
      }
      const after = await eventMeta(t, created.id);
      const { _tribe_modified_fields: _a, ...beforeRest } = before;
      const { _tribe_modified_fields: _b, ...afterRest } = after;
      expect(afterRest).toEqual(beforeRest);
    });

    it('applies a lone start_date with the stored end (Q10 DEVIATE) and updates the TEC rows in place', async () => {
      const created = await createEvent(t, { start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 18:00:00' });
      const first = await tecRows(t, created.id);
      const res = await update(created.id, { start_date: '2027-04-01 12:00:00' }).expect(200);
      expect(res.body).toMatchObject({ start_date: '2027-04-01 12:00:00', end_date: '2027-04-01 18:00:00' });
      const second = await tecRows(t, created.id);
      expect(second.event!.event_id).toBe(first.event!.event_id);
      expect(second.occurrences[0].occurrence_id).toBe(first.occurrences[0].occurrence_id);
      expect(second.occurrences[0].hash).not.toBe(first.occurrences[0].hash);
      expect(Number(second.event!.duration)).toBe(21600);
    });

    it('a new time zone without dates keeps the wall times and recomputes UTC; all_day on/off', async () => {
      const created = await createEvent(t, { start_date: '2027-01-10 10:00:00', end_date: '2027-01-10 11:00:00' });
      const zoned = await update(created.id, { timezone: 'Europe/Paris' }).expect(200);
      expect(zoned.body).toMatchObject({
        start_date: '2027-01-10 10:00:00',
        utc_start_date: '2027-01-10 09:00:00',
        timezone: 'Europe/Paris',
        timezone_abbr: 'CET',
      });
      expect((await tecRows(t, created.id)).event!.timezone).toBe('Europe/Paris');
      const allDay = await update(created.id, { all_day: true }).expect(200);
      expect(allDay.body).toMatchObject({ all_day: true, start_date: '2027-01-10 00:00:00', end_date: '2027-01-10 23:59:59' });
      const cleared = await update(created.id, { all_day: 'false' }).expect(200);
      expect(cleared.body).toMatchObject({ all_day: false, start_date: '2027-01-10 00:00:00' });
      expect((await eventMeta(t, created.id))._EventAllDay).toBeUndefined();
    });

    it('clears fields with explicit empty values: cost, website, flags, image', async () => {
      const created = await createEvent(t, { cost: ['5$', '10$'], website: 'https://example.com', featured: true, hide_from_listings: true, sticky: true });
      const res = await update(created.id, {
        cost: '',
        website: '',
        featured: false,
        hide_from_listings: 'false',
        sticky: 0,
        show_map: true,
        image: '',
      }).expect(200);
      expect(res.body).toMatchObject({ cost: '', website: '', featured: false, hide_from_listings: false, sticky: false, show_map: true, image: false });
      const meta = await eventMeta(t, created.id);
      expect(meta._EventCost).toBeUndefined();
      expect(meta._EventURL).toEqual(['']);
      expect(meta._EventCurrencySymbol).toEqual(['']);
      expect(meta._tribe_featured).toBeUndefined();
      expect(meta._EventHideFromUpcoming).toBeUndefined();
      expect((await eventPost(t, created.id)).menu_order).toBe(0);
    });

    it('rejects invalid values on update (title "") and unknown records', async () => {
      const created = await createEvent(t, {});
      expect((await update(created.id, { title: '' }).expect(400)).body.code).toBe('rest_invalid_param');
      expect((await update(999999, { title: 'x' }).expect(404)).body.code).toBe('rest-event-not-found');
      const venue = await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Not an event' }).expect(201);
      expect((await update(venue.body.id, { title: 'x' }).expect(400)).body.code).toBe('rest-invalid-event-id');
      expect((await t.http.post(`${EVENTS}/abc`).set('Authorization', ADMIN).send({}).expect(404)).body.code).toBe('rest_no_route');
    });
  });

  describe('venue and organizer input', () => {
    it('links by ID, {id} object, or inline object (created, then reused by name); clears with 0 / []', async () => {
      const venue = await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Hall' }).expect(201);
      const org = await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send({ organizer: 'Org' }).expect(201);
      const byId = await createEvent(t, { venue: venue.body.id, organizer: [{ id: org.body.id }, String(org.body.id)] });
      expect(byId.venue.id).toBe(venue.body.id);
      expect(byId.organizer.map((o: { id: number }) => o.id)).toEqual([org.body.id]);

      const inline = await createEvent(t, {
        venue: { venue: 'White House', city: 'Washington' },
        organizer: [{ organizer: 'New Org', email: 'a@b.c' }, org.body.id],
      });
      expect(inline.venue).toMatchObject({ venue: 'White House', city: 'Washington' });
      expect(inline.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['New Org', 'Org']);
      const again = await createEvent(t, { venue: { venue: 'white house' } });
      expect(again.venue.id).toBe(inline.venue.id);
      expect((await eventMeta(t, inline.id))._EventOrganizerID).toEqual([String(inline.organizer[0].id), String(org.body.id)]);

      const cleared = await update(inline.id, { venue: 0, organizer: [] }).expect(200);
      expect(cleared.body).toMatchObject({ venue: [], organizer: [] });
      const meta = await eventMeta(t, inline.id);
      expect(meta._EventVenueID).toBeUndefined();
      expect(meta._EventOrganizerID).toBeUndefined();
      // Omitted on update: unchanged.
      const kept = await update(byId.id, { title: 'Kept links' }).expect(200);
      expect(kept.body.venue.id).toBe(venue.body.id);
      expect(kept.body.organizer).toHaveLength(1);
    });

    it('rejects bad venue/organizer input before writing anything, and rolls back a failing inline venue', async () => {
      const events = await countRows(t, 'posts', "post_type = 'tribe_events'");
      const organizers = await countRows(t, 'posts', "post_type = 'tribe_organizer'");
      const invalid = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, venue: [1, 2], organizer: [{ organizer: 'Will not exist' }] })
        .expect(400);
      expect(invalid.body.data.params).toHaveProperty('venue');
      const empty = await t.http
        .post(EVENTS)
        .set('Authorization', ADMIN)
        .send({ ...MINIMAL, organizer: [{ organizer: 'Rolled back org' }], venue: { venue: '' } })
        .expect(400);
      expect(empty.body.code).toBe('could-not-create-venue');
      expect(await countRows(t, 'posts', "post_type = 'tribe_events'")).toBe(events);
      expect(await countRows(t, 'posts', "post_type = 'tribe_organizer'")).toBe(organizers);
    });
  });

  describe('trash', () => {
    it('trashes (200, status trash, __trashed slug, plain url), then 410 event-is-in-trash', async () => {
      const created = await createEvent(t, { title: 'Summer Fair' });
      const res = await t.http.delete(`${EVENTS}/${created.id}?force=false`).set('Authorization', ADMIN).expect(200);
      expect(res.body).toMatchObject({ status: 'trash', slug: 'summer-fair__trashed', url: `http://127.0.0.1:3000/?post_type=tribe_events&p=${created.id}` });
      const meta = await eventMeta(t, created.id);
      expect(meta).toMatchObject({ _wp_trash_meta_status: ['publish'], _wp_desired_post_slug: ['summer-fair'] });
      expect((await tecRows(t, created.id)).event).toBeDefined();
      const again = await t.http.delete(`${EVENTS}/${created.id}`).set('Authorization', ADMIN).expect(410);
      expect(again.body.code).toBe('event-is-in-trash');
      expect((await t.http.delete(`${EVENTS}/999999`).set('Authorization', ADMIN).expect(404)).body.code).toBe('rest-event-not-found');

      // Updating without a status keeps it in the trash; a status brings it back with its slug.
      await update(created.id, { title: 'Summer Fair' }).expect(200);
      expect((await eventPost(t, created.id)).post_status).toBe('trash');
      const restored = await update(created.id, { status: 'publish' }).expect(200);
      expect(restored.body).toMatchObject({ status: 'publish', slug: 'summer-fair' });
      expect((await eventMeta(t, created.id))._wp_old_slug).toEqual(['summer-fair__trashed']);
    });
  });

  describe('by slug', () => {
    it('updates and trashes by slug; a body slug renames (Q13 DEVIATE); unknown slugs: update 404, delete 400', async () => {
      const created = await createEvent(t, { title: 'Slug Target' });
      const res = await t.http.patch(`${EVENTS}/by-slug/slug-target`).set('Authorization', ADMIN).send({ slug: 'renamed-target', excerpt: 'E' }).expect(200);
      expect(res.body).toMatchObject({ id: created.id, slug: 'renamed-target', excerpt: '<p>E</p>' });
      const unknown = await t.http.post(`${EVENTS}/by-slug/no-such-event`).set('Authorization', ADMIN).send({ title: 'x' }).expect(404);
      expect(unknown.body.code).toBe('rest-event-not-found');
      const del = await t.http.delete(`${EVENTS}/by-slug/no-such-event`).expect(400);
      expect(del.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { slug: expect.any(String) } } });
      const trashed = await t.http.delete(`${EVENTS}/by-slug/renamed-target`).set('Authorization', ADMIN).expect(200);
      expect(trashed.body.status).toBe('trash');
    });
  });

  describe('permissions', () => {
    it('create: 401 anonymous, 403 subscriber, but bad input is 400 first', async () => {
      expect((await t.http.post(EVENTS).send(MINIMAL).expect(401)).body.code).toBe('rest_forbidden');
      expect((await t.http.post(EVENTS).set('Authorization', subscriber.auth).send(MINIMAL).expect(403)).body.code).toBe('rest_forbidden');
      expect((await t.http.post(EVENTS).send({ title: 'x', start_date: 'foo', end_date: 'bar' }).expect(400)).body.code).toBe('rest_invalid_param');
      expect((await t.http.post(EVENTS).send({}).expect(400)).body.code).toBe('rest_missing_callback_param');
    });

    it('scales the status back for contributors; authors publish', async () => {
      const asked = await createEvent(t, { status: 'publish' }, contributor.auth);
      expect(asked.status).toBe('pending');
      const plain = await createEvent(t, {}, contributor.auth);
      expect(plain).toMatchObject({ status: 'draft', author: String(contributor.id) });
      const priv = await createEvent(t, { status: 'private' }, contributor.auth);
      expect(priv.status).toBe('pending');
      const published = await createEvent(t, {}, author.auth);
      expect(published.status).toBe('publish');
      // A contributor edits own drafts, not own published events nor others' events.
      await update(plain.id, { title: 'Mine' }, contributor.auth).expect(200);
      const forbidden = await update(published.id, { title: 'Not mine' }, contributor.auth).expect(403);
      expect(forbidden.body.code).toBe('rest_forbidden');
      await update(published.id, { status: 'publish' }, contributor.auth).expect(403);
    });

    it('another author needs edit_others_tribe_events (Q24 DEVIATE, 403 rest_cannot_edit_others)', async () => {
      const res = await t.http
        .post(EVENTS)
        .set('Authorization', author.auth)
        .send({ ...MINIMAL, author: editor.id })
        .expect(403);
      expect(res.body.code).toBe('rest_cannot_edit_others');
      const own = await createEvent(t, { author: author.id }, author.auth);
      expect(own.author).toBe(String(author.id));
      const byEditor = await createEvent(t, { author: author.id }, editor.auth);
      expect(byEditor.author).toBe(String(author.id));
    });

    it('update and delete: 401 / 403 per record; the by-slug routes apply the same per-record rule (Q62 DEVIATE)', async () => {
      const editors = await createEvent(t, { title: 'Editors Event' }, editor.auth);
      await update(editors.id, { title: 'x' }, '').expect(401);
      await update(editors.id, { title: 'x' }, author.auth).expect(403);
      await t.http.delete(`${EVENTS}/${editors.id}`).expect(401);
      await t.http.delete(`${EVENTS}/${editors.id}`).set('Authorization', author.auth).expect(403);
      await t.http.post(`${EVENTS}/by-slug/editors-event`).set('Authorization', contributor.auth).send({ title: 'x' }).expect(403);
      await t.http.delete(`${EVENTS}/by-slug/editors-event`).set('Authorization', contributor.auth).expect(403);
      // Validation before permission: an anonymous invalid update is 400.
      expect((await update(editors.id, { title: '' }, '').expect(400)).body.code).toBe('rest_invalid_param');
      // Unknown ID: the general capability decides first.
      await t.http.delete(`${EVENTS}/999999`).set('Authorization', subscriber.auth).expect(403);
      await t.http.delete(`${EVENTS}/${editors.id}`).set('Authorization', editor.auth).expect(200);
    });

    it('sanitises HTML of callers without unfiltered_html (kses) and refuses image URLs without upload_files', async () => {
      const body = await createEvent(
        t,
        { title: 'A <b>bold</b> <script>x</script>', description: '<p onclick="x()">Hi</p><script>alert(1)</script>' },
        author.auth,
      );
      const post = await eventPost(t, body.id);
      expect(post.post_content).toBe('<p>Hi</p>alert(1)');
      expect(post.post_title).toBe('A <b>bold</b> x');
      const image = await t.http
        .post(EVENTS)
        .set('Authorization', contributor.auth)
        .send({ ...MINIMAL, image: 'https://example.com/x.png' })
        .expect(400);
      expect(image.body.data.params).toHaveProperty('image');
    });
  });
});
