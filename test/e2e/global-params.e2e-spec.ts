import { ADMIN, BASE, basic, startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// Issue #18: WordPress's global parameters `_fields`, `_envelope` and `?rest_route=`, on every route.
// Both engines.

describe("WordPress's global parameters", () => {
  let database: TestDatabase;
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database });
    for (const n of [1, 2, 3]) {
      const event = {
        title: `Global ${n}`,
        start_date: `2031-03-0${n} 10:00:00`,
        end_date: `2031-03-0${n} 11:00:00`,
        venue: { venue: `Hall ${n}`, city: 'Lyon' },
      };
      id = (await t.http.post(`${BASE}/events`).set('Authorization', ADMIN).send(event).expect(201)).body.id;
    }
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const window = 'start_date=2031-03-01&end_date=2031-03-31';

  it('_fields keeps only the named keys of a single record, nested names included', async () => {
    const body = (await t.http.get(`${BASE}/events/${id}?_fields=id,title,venue.city,venue.nope,nope`).expect(200)).body;
    expect(body).toEqual({ id, title: 'Global 3', venue: { city: 'Lyon' } });
  });

  it('_fields names inside a list filter each item; a parent named whole wins over its sub-keys', async () => {
    const res = await t.http.get(`${BASE}/events?${window}&per_page=2&_fields=events.id,events.title,total`).expect(200);
    expect(res.body.total).toBe(3);
    expect(res.body.events).toHaveLength(2);
    for (const event of res.body.events) expect(Object.keys(event).sort()).toEqual(['id', 'title']);
    expect(res.headers['x-wp-total']).toBe('3');
    const whole = (await t.http.get(`${BASE}/events/${id}?_fields=venue.city,venue`).expect(200)).body;
    expect(whole.venue.venue).toBe('Hall 3');
  });

  it('_fields as an array, or separated by spaces, and empty (the whole answer)', async () => {
    expect((await t.http.get(`${BASE}/events/${id}?_fields[]=id&_fields[]=slug`).expect(200)).body).toEqual({ id, slug: 'global-3' });
    expect((await t.http.get(`${BASE}/events/${id}?_fields=id%20slug`).expect(200)).body).toEqual({ id, slug: 'global-3' });
    expect((await t.http.get(`${BASE}/events/${id}?_fields=`).expect(200)).body.title).toBe('Global 3');
  });

  it('_fields never filters an error, and a hostile field name is an ordinary key', async () => {
    const error = (await t.http.get(`${BASE}/events/999999?_fields=id`).expect(404)).body;
    expect(error.code).toBe('rest-event-not-found');
    expect(error.data.status).toBe(404);
    const res = await t.http.get(`${BASE}/events/${id}?_fields=__proto__.polluted,constructor,id`).expect(200);
    expect(res.body).toEqual({ id });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('_envelope answers 200 with {body, status, headers}, the pagination headers moved into it', async () => {
    const res = await t.http.get(`${BASE}/events?${window}&per_page=1&_envelope`).expect(200);
    expect(res.body.status).toBe(200);
    expect(res.body.body.events).toHaveLength(1);
    expect(res.body.headers['X-WP-Total']).toBe('3');
    expect(res.body.headers['X-WP-TotalPages']).toBe('3');
    expect(res.body.headers.Link).toContain('rel="next"');
    expect(res.headers['x-wp-total']).toBeUndefined();
    // The same request again is a response-cache hit: the same envelope, still without the moved headers.
    const again = await t.http.get(`${BASE}/events?${window}&per_page=1&_envelope`).expect(200);
    expect(again.body).toEqual(res.body);
    expect(again.headers['x-wp-total']).toBeUndefined();
  });

  it('_envelope wraps errors too (status 200, the error status inside), and combines with _fields', async () => {
    const missing = await t.http.get(`${BASE}/events/999999?_envelope=1`).expect(200);
    expect(missing.body.status).toBe(404);
    expect(missing.body.body.code).toBe('rest-event-not-found');
    // Refused before routing (bad credentials), and at the parameter stage: both enveloped.
    const denied = await t.http.get(`${BASE}/events?_envelope`).set('Authorization', basic('nobody', 'wrong')).expect(200);
    expect([denied.body.status, denied.body.body.data.status]).toEqual([401, 401]);
    const invalid = await t.http.get(`${BASE}/events?per_page=abc&_envelope`).expect(200);
    expect([invalid.body.status, invalid.body.body.code]).toEqual([400, 'rest_invalid_param']);
    const both = (await t.http.get(`${BASE}/events/${id}?_envelope&_fields=id`).expect(200)).body;
    expect(both).toEqual({ body: { id }, status: 200, headers: expect.any(Object) });
  });

  it('?rest_route= reaches the same route as the pretty URL, with the other parameters', async () => {
    const pretty = (await t.http.get(`${BASE}/events?${window}&per_page=2`).expect(200)).body;
    const plain = (await t.http.get(`/?rest_route=/tribe/events/v1/events&${window}&per_page=2`).expect(200)).body;
    expect(plain).toEqual(pretty);
    expect((await t.http.get(`/index.php?rest_route=/tribe/events/v1/events/${id}`).expect(200)).body.id).toBe(id);
    expect((await t.http.get('/?rest_route=/').expect(200)).body.namespaces).toContain('tribe/events/v1');
    expect((await t.http.get('/?rest_route=/tribe/events/v1/nowhere').expect(404)).body.code).toBe('rest_no_route');
  });

  it('?rest_route= writes with credentials, and is refused without them', async () => {
    const event = { title: 'Plain permalinks', start_date: '2031-04-01 10:00:00', end_date: '2031-04-01 11:00:00' };
    await t.http.post('/?rest_route=/tribe/events/v1/events').send(event).expect(401);
    const created = await t.http.post('/?rest_route=/tribe/events/v1/events').set('Authorization', ADMIN).send(event).expect(201);
    expect(created.body.title).toBe('Plain permalinks');
  });

  it('OPTIONS answers follow _fields', async () => {
    const body = (await t.http.options(`${BASE}/events?_fields=namespace`).expect(200)).body;
    expect(body).toEqual({ namespace: 'tribe/events/v1' });
  });
});
