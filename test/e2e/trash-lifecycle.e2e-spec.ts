import { ChangesRepository } from '../../src/changes/repository/changes.repository';
import { startTestApp, TestApp } from '../support/test-app';
import { readFeed } from './changes-test-helpers';
import { ADMIN, BASE, countRows, createEvent, eventMeta, eventPost, EVENTS, tecRows, termCount, userWithRole } from './events-write-helpers';

/**
 * The trash lifecycle with WordPress core's semantics (issue #18, docs/decisions.md): DELETE trashes,
 * `?force=true` deletes for good (trashed or not) and answers `{deleted, previous}`; a trashed record
 * comes back through an update that gives it a status (what the block editor's "Restore" sends).
 */
describe('trash lifecycle: delete for good, restore', () => {
  let t: TestApp;
  let author: { id: number; auth: string };
  let contributor: { id: number; auth: string };

  beforeAll(async () => {
    t = await startTestApp();
    author = await userWithRole(t, 'author');
    contributor = await userWithRole(t, 'contributor');
  });
  afterAll(() => t.close());

  const lastCursor = () => t.app.get(ChangesRepository).lastCursor();
  const brief = (changes: Record<string, any>[]) => changes.map((c) => `${c.type}:${c.id}:${c.action}`);
  const relationships = (id: number) => countRows(t, 'term_relationships', 'object_id = ?', [id]);

  describe('events', () => {
    it('force=true deletes a published event for good: row, meta, terms (counts kept), TEC rows; the answer is core’s', async () => {
      const event = await createEvent(t, { title: 'Gone Gala', status: 'publish', categories: ['Galas'], tags: ['Evening'], venue: { venue: 'Ballroom' } });
      const [category, tag] = [event.categories[0].id, event.tags[0].id];
      expect([await termCount(t, category), await termCount(t, tag)]).toEqual([1, 1]);
      const from = await lastCursor();

      const res = await t.http.delete(`${EVENTS}/${event.id}?force=true`).set('Authorization', ADMIN).expect(200);
      expect(Object.keys(res.body)).toEqual(['deleted', 'previous']);
      expect(res.body.deleted).toBe(true);
      expect(res.body.previous).toMatchObject({ id: event.id, title: 'Gone Gala', status: 'publish', slug: 'gone-gala' });
      expect(res.body.previous.json_ld).toBeUndefined();

      expect(await t.db.sql.one(`SELECT ID FROM ${t.db.sql.table('posts')} WHERE ID = ?`, [event.id])).toBeUndefined();
      expect(await eventMeta(t, event.id)).toEqual({});
      expect(await relationships(event.id)).toBe(0);
      expect(await tecRows(t, event.id)).toEqual({ event: undefined, occurrences: [] });
      expect([await termCount(t, category), await termCount(t, tag)]).toEqual([0, 0]);
      // The venue stays: it is its own record.
      expect((await t.http.get(`${BASE}/venues/${event.venue.id}`).expect(200)).body.venue).toBe('Ballroom');

      expect((await t.http.get(`${EVENTS}/${event.id}`).expect(404)).body.code).toBe('rest-event-not-found');
      expect((await t.http.delete(`${EVENTS}/${event.id}?force=true`).set('Authorization', ADMIN).expect(404)).body.code).toBe('rest-event-not-found');
      // Gone, nobody may read it any more: the feed says it left public view (docs/webhooks-and-changes.md).
      expect(brief(await readFeed(t, from, ADMIN))).toEqual([`event:${event.id}:removed`]);
    });

    it('force=true empties the trash; without force a trashed event stays 410; force accepts WordPress booleans', async () => {
      const event = await createEvent(t, { title: 'Binned' });
      await t.http.delete(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).expect(200);
      expect((await t.http.delete(`${EVENTS}/${event.id}?force=0`).set('Authorization', ADMIN).expect(410)).body.code).toBe('event-is-in-trash');
      const res = await t.http.delete(`${EVENTS}/by-slug/binned__trashed`).query({ force: '1' }).set('Authorization', ADMIN).expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: event.id, status: 'trash' } });
      expect(await eventPost(t, event.id)).toBeUndefined();
      const bad = await t.http.delete(`${EVENTS}/${event.id}?force=sometimes`).set('Authorization', ADMIN).expect(400);
      expect(bad.body.code).toBe('rest_invalid_param');
      expect(Object.keys(bad.body.data.params)).toEqual(['force']);
    });

    it('needs the delete capability for that record: anonymous 401, a contributor 403 on others’ and published events', async () => {
      const published = await createEvent(t, { title: 'Not Yours', status: 'publish' });
      expect((await t.http.delete(`${EVENTS}/${published.id}?force=true`).expect(401)).body.code).toBe('rest_forbidden');
      await t.http.delete(`${EVENTS}/${published.id}?force=true`).set('Authorization', contributor.auth).expect(403);
      await t.http.delete(`${EVENTS}/${published.id}?force=true`).set('Authorization', author.auth).expect(403);
      expect((await eventPost(t, published.id)).post_status).toBe('publish');

      // An author deletes its own published event; a contributor its own draft, not once published.
      const own = await createEvent(t, { title: 'Author Own', status: 'publish' }, author.auth);
      await t.http.delete(`${EVENTS}/${own.id}?force=true`).set('Authorization', author.auth).expect(200);
      const draft = await createEvent(t, { title: 'Contributor Draft' }, contributor.auth);
      expect(draft.status).toBe('draft');
      await t.http.delete(`${EVENTS}/${draft.id}?force=true`).set('Authorization', contributor.auth).expect(200);
      expect(await eventPost(t, draft.id)).toBeUndefined();
    });

    it('a trashed event is restored by an update giving it a status: its slug back, in the lists again', async () => {
      const event = await createEvent(t, { title: 'Phoenix Party', status: 'publish', start_date: '2031-02-01 10:00:00', end_date: '2031-02-01 11:00:00' });
      const listed = async () =>
        (await t.http.get(EVENTS).query({ start_date: '2031-01-01', end_date: '2031-12-31' }).expect(200)).body.events.map((e: any) => e.id);
      expect(await listed()).toContain(event.id);
      await t.http.delete(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).expect(200);
      expect(await listed()).not.toContain(event.id);

      // Someone else's trashed event: restoring it needs the right to edit it.
      await t.http.post(`${EVENTS}/${event.id}`).set('Authorization', contributor.auth).send({ status: 'draft' }).expect(403);
      const restored = await t.http.post(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send({ status: 'draft' }).expect(200);
      expect(restored.body).toMatchObject({ status: 'draft', slug: 'phoenix-party' });
      const published = await t.http.patch(`${EVENTS}/${event.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
      expect(published.body.status).toBe('publish');
      expect(await listed()).toContain(event.id);
    });
  });

  describe('venues and organizers', () => {
    it('force=true deletes a venue for good: its links leave the events, its geolocation row goes', async () => {
      const venue = (await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Pier Hall', geo_lat: 51.5, geo_lng: -0.12 }).expect(201))
        .body;
      const event = await createEvent(t, { title: 'On The Pier', venue: venue.id });
      expect(await countRows(t, 'eca_venue_geo', 'venue_id = ?', [venue.id])).toBe(1);
      const from = await lastCursor();

      const res = await t.http.delete(`${BASE}/venues/${venue.id}?force=true`).set('Authorization', ADMIN).expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: venue.id, venue: 'Pier Hall', status: 'publish' } });
      expect(await eventPost(t, venue.id)).toBeUndefined();
      expect(await eventMeta(t, venue.id)).toEqual({});
      expect(await countRows(t, 'eca_venue_geo', 'venue_id = ?', [venue.id])).toBe(0);
      expect((await eventMeta(t, event.id))._EventVenueID).toBeUndefined();
      expect((await t.http.get(`${EVENTS}/${event.id}`).expect(200)).body.venue).toEqual([]);
      expect(brief(await readFeed(t, from, ADMIN))).toEqual([`event:${event.id}:updated`, `venue:${venue.id}:removed`]);
      // Unknown now: the ID names no venue (validation first, as for any unknown ID).
      expect((await t.http.delete(`${BASE}/venues/${venue.id}?force=true`).set('Authorization', ADMIN).expect(400)).body.code).toBe('rest_invalid_param');
    });

    it('force=true deletes a trashed organizer by slug; restore by update; permissions as for the trash', async () => {
      const organizer = (await t.http.post(`${BASE}/organizers`).set('Authorization', ADMIN).send({ organizer: 'Brass Band' }).expect(201)).body;
      await t.http.delete(`${BASE}/organizers/${organizer.id}`).set('Authorization', ADMIN).expect(200);
      const back = await t.http.post(`${BASE}/organizers/${organizer.id}`).set('Authorization', ADMIN).send({ status: 'publish' }).expect(200);
      expect(back.body).toMatchObject({ status: 'publish', slug: 'brass-band' });

      await t.http.delete(`${BASE}/organizers/${organizer.id}`).set('Authorization', ADMIN).expect(200);
      await t.http.delete(`${BASE}/organizers/by-slug/brass-band__trashed?force=true`).set('Authorization', contributor.auth).expect(403);
      await t.http.delete(`${BASE}/organizers/by-slug/brass-band__trashed?force=true`).expect(401);
      const res = await t.http.delete(`${BASE}/organizers/by-slug/brass-band__trashed?force=true`).set('Authorization', ADMIN).expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: organizer.id, status: 'trash' } });
      expect(await eventPost(t, organizer.id)).toBeUndefined();
    });
  });

  it('the namespace index documents force on every DELETE of events, venues and organizers', async () => {
    const routes = (await t.http.get(BASE).expect(200)).body.routes;
    for (const route of ['/events/(?P<id>\\d+)', '/events/by-slug/(?P<slug>[^/]+)', '/venues/(?P<id>\\d+)', '/organizers/by-slug/(?P<slug>[^/]+)']) {
      const endpoint = routes[`/tribe/events/v1${route}`].endpoints.find((e: any) => e.methods.includes('DELETE'));
      expect({ route, force: endpoint.args.force }).toEqual({ route, force: expect.objectContaining({ type: 'boolean', default: false }) });
    }
  });
});
