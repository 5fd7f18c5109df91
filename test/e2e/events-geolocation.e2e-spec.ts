import { PostsStore } from '../../src/wordpress/posts.store';
import { MIN_CHECK_INTERVAL_MS, VENUE_ROAD_MAX } from '../../src/venues/venue-geo.index';
import { bumpCacheVersion } from '../support/data-version';
import { startTestApp, TestApp } from '../support/test-app';
import { ADMIN, BASE, EVENTS, ids, insertEvent, insertLinked } from './events-test-helpers';

const WINDOW = 'start_date=2030-01-01&end_date=2030-12-31';
const PARIS = 'geoloc_lat=48.8566&geoloc_lng=2.3522';
/** Coordinates written by WordPress are seen after the next staleness check (VenueGeoIndex). */
const pastCheckInterval = () => new Promise((resolve) => setTimeout(resolve, MIN_CHECK_INTERVAL_MS + 50));

/** Geolocation (docs/geolocation.md): coordinates on venues, `geoloc*` filters on the event list. */
describe('geolocation', () => {
  let t: TestApp;
  const v: Record<string, number> = {};
  const e: Record<string, number> = {};

  const createVenue = async (body: Record<string, unknown>) => {
    const res = await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send(body);
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; geo_lat?: number; geo_lng?: number };
  };
  const listIds = async (query: string, auth?: string) => {
    const req = t.http.get(`${EVENTS}?${WINDOW}&per_page=50&${query}`);
    if (auth) req.set('Authorization', auth);
    const res = await req;
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return ids(res.body);
  };
  const metaOf = async (id: number) => Object.fromEntries([...(await t.app.get(PostsStore).metaOf(id))].map(([k, values]) => [k, values[0]]));

  beforeAll(async () => {
    // TTL 0: the staleness check runs at most once a second (docs/geolocation.md).
    t = await startTestApp({ env: { RESPONSE_CACHE_TTL_SECONDS: '0' } });
    v.paris = (await createVenue({ venue: 'Geo Paris', geo_lat: 48.8566, geo_lng: 2.3522 })).id;
    v.versailles = (await createVenue({ venue: 'Geo Versailles', geo_lat: '48.8049', geo_lng: '2.1204' })).id; // 17.9 km
    v.lyon = (await createVenue({ venue: 'Geo Lyon', geo_lat: 45.764, geo_lng: 4.8357 })).id; // 392 km
    v.fijiEast = (await createVenue({ venue: 'Geo Fiji East', geo_lat: -17.7, geo_lng: 179.95 })).id;
    v.fijiWest = (await createVenue({ venue: 'Geo Fiji West', geo_lat: -17.7, geo_lng: -179.9 })).id; // 15.9 km east of it, across ±180
    v.nowhere = (await createVenue({ venue: 'Geo Nowhere' })).id;
    v.draft = (await createVenue({ venue: 'Geo Draft Paris', status: 'draft', geo_lat: 48.857, geo_lng: 2.352 })).id;
    e.paris = await insertEvent(t, { title: 'Paris', venue: v.paris, start: '2030-05-01 10:00:00' });
    e.versailles = await insertEvent(t, { title: 'Versailles', venue: v.versailles, start: '2030-05-02 10:00:00' });
    e.lyon = await insertEvent(t, { title: 'Lyon', venue: v.lyon, start: '2030-05-03 10:00:00' });
    e.fiji = await insertEvent(t, { title: 'Fiji', venue: v.fijiWest, start: '2030-05-04 10:00:00' });
    e.nowhere = await insertEvent(t, { title: 'No coordinates', venue: v.nowhere, start: '2030-05-05 10:00:00' });
    e.noVenue = await insertEvent(t, { title: 'No venue', start: '2030-05-06 10:00:00' });
    e.draftVenue = await insertEvent(t, { title: 'Draft venue', venue: v.draft, start: '2030-05-07 10:00:00' });
    e.locked = await insertEvent(t, { title: 'Locked', venue: v.paris, password: 'sesame', start: '2030-04-30 10:00:00' });
    e.pastParis = await insertEvent(t, { title: 'Paris 2029', venue: v.paris, start: '2029-05-01 10:00:00' });
  });
  afterAll(() => t.close());

  describe('venue coordinates', () => {
    it('are written as Events Calendar Pro stores manual coordinates and read back as geo_lat/geo_lng', async () => {
      const res = await t.http.get(`${BASE}/venues/${v.paris}`).expect(200);
      expect(res.body).toMatchObject({
        geo_lat: 48.8566,
        geo_lng: 2.3522,
        json_ld: { geo: { '@type': 'GeoCoordinates', latitude: 48.8566, longitude: 2.3522 } },
      });
      expect(await metaOf(v.paris)).toMatchObject({ _VenueLat: '48.8566', _VenueLng: '2.3522', _VenueOverwriteCoords: '1' });
      expect((await t.http.get(`${BASE}/venues/${v.nowhere}`).expect(200)).body.geo_lat).toBeUndefined();
    });

    it('are validated: numbers in range, both together', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ geo_lat: 48.1 }, 'geo_lat'],
        [{ geo_lng: 2.1 }, 'geo_lng'],
        [{ geo_lat: 90.5, geo_lng: 2 }, 'geo_lat'],
        [{ geo_lat: 45, geo_lng: -180.01 }, 'geo_lng'],
        [{ geo_lat: 'north', geo_lng: 2 }, 'geo_lat'],
      ];
      for (const [body, param] of bad) {
        const res = await t.http
          .post(`${BASE}/venues`)
          .set('Authorization', ADMIN)
          .send({ venue: 'Geo Bad', ...body })
          .expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toContain(param);
      }
      const alone = await t.http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Geo Bad', geo_lat: 10 }).expect(400);
      expect(alone.body.data.params.geo_lat).toContain('geo_lng');
    });

    it('an update moves the venue at once; 0 and 0 remove the coordinates', async () => {
      const moving = await createVenue({ venue: 'Geo Moving', geo_lat: 45.764, geo_lng: 4.8357 });
      const event = await insertEvent(t, { title: 'Moving', venue: moving.id, start: '2030-06-01 10:00:00' });
      expect(await listIds(PARIS)).not.toContain(event);
      await t.http.put(`${BASE}/venues/${moving.id}`).set('Authorization', ADMIN).send({ geo_lat: 48.86, geo_lng: 2.35 }).expect(200);
      expect(await listIds(PARIS)).toContain(event);
      const cleared = await t.http.put(`${BASE}/venues/${moving.id}`).set('Authorization', ADMIN).send({ geo_lat: 0, geo_lng: 0 }).expect(200);
      expect(cleared.body.geo_lat).toBeUndefined();
      expect(await metaOf(moving.id)).toMatchObject({ _VenueLat: '', _VenueLng: '', _VenueOverwriteCoords: '0' });
      expect(await listIds('geoloc=true')).not.toContain(event);
    });
  });

  describe('GET /events', () => {
    it('geoloc_lat + geoloc_lng: the events whose venue lies within 25 km by default, in list order', async () => {
      expect(await listIds(PARIS)).toEqual([e.paris, e.versailles]);
      const res = await t.http.get(`${EVENTS}?${WINDOW}&${PARIS}&per_page=1`).expect(200);
      expect(res.body).toMatchObject({ total: 2, total_pages: 2 });
      expect(res.body.rest_url).toContain('geoloc_lat=48.8566');
      expect(ids((await t.http.get(`${EVENTS}?${WINDOW}&${PARIS}&per_page=1&page=2`).expect(200)).body)).toEqual([e.versailles]);
    });

    it('geoloc_radius (km) widens or narrows the circle; the date window still applies', async () => {
      expect(await listIds(`${PARIS}&geoloc_radius=10`)).toEqual([e.paris]);
      expect(await listIds(`${PARIS}&geoloc_radius=17.5`)).toEqual([e.paris]);
      expect(await listIds(`${PARIS}&geoloc_radius=18.5`)).toEqual([e.paris, e.versailles]);
      expect(await listIds(`${PARIS}&geoloc_radius=400`)).toEqual([e.paris, e.versailles, e.lyon]);
      expect(await listIds(`${PARIS}&geoloc_radius=20000`)).toEqual([e.paris, e.versailles, e.lyon, e.fiji]);
      expect(ids((await t.http.get(`${EVENTS}?start_date=2029-01-01&end_date=2029-12-31&${PARIS}`).expect(200)).body)).toEqual([e.pastParis]);
    });

    it('finds venues across the antimeridian', async () => {
      expect(await listIds('geoloc_lat=-17.7&geoloc_lng=179.95&geoloc_radius=20')).toEqual([e.fiji]);
      expect(await listIds('geoloc_lat=-17.7&geoloc_lng=179.95&geoloc_radius=15')).toEqual([]);
    });

    it('geoloc=true: the events whose venue has coordinates; false or absent: no filter', async () => {
      expect(await listIds('geoloc=true')).toEqual([e.paris, e.versailles, e.lyon, e.fiji]);
      expect(await listIds('geoloc=false')).toEqual(await listIds(''));
      expect(await listIds('')).toEqual(expect.arrayContaining([e.nowhere, e.noVenue, e.paris]));
      expect(await listIds('geoloc=true&geoloc_lat=45.764&geoloc_lng=4.8357')).toEqual([e.lyon]);
    });

    it('counts published, unprotected venues only (Events Calendar Pro reads published venues)', async () => {
      expect(await listIds(PARIS, ADMIN)).toEqual([e.paris, e.versailles]);
      expect(await listIds(PARIS, ADMIN)).not.toContain(e.draftVenue);
    });

    it('a locked protected event does not match through its venue until unlocked (issue #13)', async () => {
      expect(await listIds(`${PARIS}&password=sesame`)).toEqual([e.locked, e.paris, e.versailles]);
      expect(await listIds(`${PARIS}&context=edit`, ADMIN)).toEqual([e.locked, e.paris, e.versailles]);
    });

    it('combines with the venue filter (AND)', async () => {
      expect(await listIds(`${PARIS}&venue=${v.versailles},${v.lyon}`)).toEqual([e.versailles]);
    });

    it('answers 400 naming the missing or invalid parameter', async () => {
      const cases: [string, string, string?][] = [
        ['geoloc_lat=48.8', 'geoloc_lat', 'geoloc_lng'],
        ['geoloc_lng=2.3', 'geoloc_lng', 'geoloc_lat'],
        ['geoloc_lat=91&geoloc_lng=2', 'geoloc_lat'],
        ['geoloc_lat=45&geoloc_lng=181', 'geoloc_lng'],
        ['geoloc_lat=abc&geoloc_lng=2', 'geoloc_lat'],
        ['geoloc_lat=&geoloc_lng=2', 'geoloc_lat'],
        ['geoloc_radius=10', 'geoloc_radius', 'geoloc_lat'],
        [`${PARIS}&geoloc_radius=-1`, 'geoloc_radius'],
        [`${PARIS}&geoloc_radius=20001`, 'geoloc_radius'],
        [`${PARIS}&geoloc_radius=far`, 'geoloc_radius'],
        ['geoloc=perhaps', 'geoloc'],
      ];
      for (const [query, param, named] of cases) {
        const res = await t.http.get(`${EVENTS}?${query}`).expect(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(Object.keys(res.body.data.params)).toEqual([param]);
        if (named) expect(res.body.data.params[param]).toContain(named);
      }
    });
  });

  describe('coordinates written by WordPress (Events Calendar Pro)', () => {
    it('are found once the meta changes (staleness check), and gone when removed', async () => {
      const venue = await insertLinked(t, 'tribe_venue', 'Geo Pro Venue', [
        ['_VenueLat', '48.85'],
        ['_VenueLng', '2.34'],
      ]);
      const event = await insertEvent(t, { title: 'Pro venue', venue, start: '2030-05-08 10:00:00' });
      await bumpCacheVersion(t);
      await pastCheckInterval();
      expect(await listIds(PARIS)).toEqual([e.paris, e.versailles, event]);
      expect((await t.http.get(`${BASE}/venues/${venue}`).expect(200)).body).toMatchObject({ geo_lat: 48.85, geo_lng: 2.34 });
      await t.db.transaction(() => t.app.get(PostsStore).deleteMeta(venue, '_VenueLat'));
      await bumpCacheVersion(t);
      await pastCheckInterval();
      expect(await listIds(PARIS)).toEqual([e.paris, e.versailles]);
    });
  });

  describe(`areas holding more than ${VENUE_ROAD_MAX} venues (probed per event)`, () => {
    it('give the same events as the venue road', async () => {
      const many: number[] = [];
      for (let i = 0; i <= VENUE_ROAD_MAX; i++) {
        many.push(
          await insertLinked(t, 'tribe_venue', `Geo Bulk ${i}`, [
            ['_VenueLat', String(10 + (i % 30) / 100)],
            ['_VenueLng', String(20 + i / 10000)],
          ]),
        );
      }
      const bulkEvents = [];
      for (let i = 0; i < 5; i++) bulkEvents.push(await insertEvent(t, { title: `Bulk ${i}`, venue: many[i * 100], start: `2030-07-0${i + 1} 10:00:00` }));
      await bumpCacheVersion(t);
      await pastCheckInterval();
      expect(await listIds('geoloc_lat=10.15&geoloc_lng=20.02&geoloc_radius=100')).toEqual(bulkEvents);
      expect(await listIds('geoloc=true')).toEqual([e.paris, e.versailles, e.lyon, e.fiji, ...bulkEvents]);
      // A small circle holding one of them goes the venue road.
      expect(await listIds('geoloc_lat=10&geoloc_lng=20&geoloc_radius=0.5')).toEqual([bulkEvents[0]]);
    });
  });
});
