import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';

// ETag / If-None-Match / Cache-Control (issue #6), with the response cache on (default TTL) and off:
// validators and caching headers must not depend on whether an answer came from the cache.
const EVENTS = `${BASE}/events`;
const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'no-cache, must-revalidate, max-age=0, no-store, private';

describe.each([
  ['response cache on', {}],
  ['response cache off', { RESPONSE_CACHE_TTL_SECONDS: '0' }],
])('conditional GET (%s)', (_name, env) => {
  let t: TestApp;
  let id: number;

  beforeAll(async () => {
    t = await startTestApp({ env });
    const res = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'Tagged', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 11:00:00' });
    id = res.body.id;
  });
  afterAll(() => t.close());

  // Not the namespace index: its computed date defaults follow the clock, so its body (and ETag) may
  // change from one second to the next.
  const paths = () => [`${EVENTS}?start_date=2030-01-01&end_date=2030-12-31`, `${EVENTS}/${id}`, `${BASE}/venues`, `${BASE}/categories`];

  it('gives every anonymous 200 GET a strong ETag and the public revalidate-always policy, the same on each read', async () => {
    for (const path of paths()) {
      const first = await t.http.get(path).expect(200);
      const second = await t.http.get(path).expect(200);
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect([first.headers['cache-control'], second.headers['cache-control']]).toEqual([PUBLIC, PUBLIC]);
      expect(second.text).toBe(first.text);
    }
  });

  it('answers a matching If-None-Match (exact, weak, in a list, or *) with 304, no body, ETag and Cache-Control', async () => {
    for (const path of paths()) {
      const { etag } = (await t.http.get(path).expect(200)).headers;
      for (const condition of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const res = await t.http.get(path).set('If-None-Match', condition);
        expect([path, condition, res.status]).toEqual([path, condition, 304]);
        expect(res.text ?? '').toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe(PUBLIC);
        expect(res.headers['content-type']).toBeUndefined();
      }
      const other = await t.http.get(path).set('If-None-Match', '"something-else"').expect(200);
      expect(other.headers.etag).toBe(etag);
    }
  });

  it('gives HEAD the ETag and headers of GET, without a body', async () => {
    const path = paths()[0];
    const get = await t.http.get(path).expect(200);
    const head = await t.http.head(path).expect(200);
    expect(head.text ?? '').toBe('');
    for (const name of ['etag', 'content-length', 'content-type', 'x-wp-total', 'x-wp-totalpages', 'allow', 'link', 'cache-control']) {
      expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
    }
    expect((await t.http.head(path).set('If-None-Match', get.headers.etag)).status).toBe(304);
  });

  it('changes the ETag when the data changes', async () => {
    const single = `${EVENTS}/${id}`;
    const before = (await t.http.get(single).expect(200)).headers.etag;
    const list = (await t.http.get(paths()[0]).expect(200)).headers.etag;
    await t.http.post(single).set('Authorization', ADMIN).send({ title: 'Retitled' }).expect(200);
    const after = await t.http.get(single).set('If-None-Match', before).expect(200);
    expect(after.body.title).toBe('Retitled');
    expect(after.headers.etag).not.toBe(before);
    expect((await t.http.get(paths()[0]).set('If-None-Match', list).expect(200)).headers.etag).not.toBe(list);
  });

  it('keeps the authenticated no-store policy, with an ETag and 304 too', async () => {
    const single = `${EVENTS}/${id}`;
    const res = await t.http.get(single).set('Authorization', ADMIN).expect(200);
    expect(res.headers['cache-control']).toBe(PRIVATE);
    expect(res.headers.etag).toMatch(/^"/);
    const again = await t.http.get(single).set('Authorization', ADMIN).set('If-None-Match', res.headers.etag).expect(304);
    expect(again.headers['cache-control']).toBe(PRIVATE);
  });

  it('gives errors no ETag and keeps them out of every cache', async () => {
    for (const path of [`${EVENTS}/999999`, `${BASE}/no-such-route`, `${EVENTS}?per_page=-1`]) {
      const res = await t.http.get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.http.get(path).set('If-None-Match', '*')).status).toBe(res.status);
    }
  });

  it('leaves writes and OPTIONS alone', async () => {
    const created = await t.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'W', start_date: '2030-05-02 10:00:00', end_date: '2030-05-02 11:00:00' });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const options = await t.http.options(EVENTS).expect(200);
    expect(options.headers.etag).toBeUndefined();
  });
});
