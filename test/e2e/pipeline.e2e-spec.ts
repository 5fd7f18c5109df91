import { ADMIN_PASSWORD, ADMIN_USER, basic, startTestApp, TestApp } from '../support/test-app';
import { ProbeModule } from '../support/probe.module';

const BASE = '/wp-json/tribe/events/v1';
const ADMIN = basic(ADMIN_USER, ADMIN_PASSWORD);

describe('the WordPress REST pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [ProbeModule] });
  });
  afterAll(() => t.close());

  describe('URL handling', () => {
    it('answers unknown routes with rest_no_route', async () => {
      const res = await t.http.get('/wp-json/tribe/events/v1/nothing-here').expect(404);
      expect(res.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
    });

    it('answers a known path with an unsupported method with rest_no_route', async () => {
      const res = await t.http.patch(`${BASE}/probe`).expect(404);
      expect(res.body.code).toBe('rest_no_route');
    });

    it('treats a non-numeric id as no route', async () => {
      expect((await t.http.delete(`${BASE}/probe/abc`).expect(404)).body.code).toBe('rest_no_route');
    });

    it('ignores one trailing slash and the case of the path', async () => {
      await t.http.get(`${BASE}/`).expect(200);
      expect((await t.http.get(`${BASE}/probe/?total=1`).expect(200)).body.total).toBe(1);
      await t.http.get('/WP-JSON/Tribe/Events/V1/probe').expect(200);
    });

    it('answers HEAD like GET without a body', async () => {
      const res = await t.http.head(`${BASE}/probe?total=3`).expect(200);
      expect(res.headers['x-tec-total']).toBe('3');
      expect(res.text ?? '').toBe('');
    });

    it('serves the language-prefixed base with the same data', async () => {
      const plain = await t.http.get(`${BASE}/probe?total=12`).expect(200);
      const french = await t.http.get(`/fr${BASE}/probe?total=12`).expect(200);
      expect(french.body).toEqual(plain.body);
      await t.http.get(`/de_DE${BASE}`).expect(200);
    });

    it('honours _method and X-HTTP-Method-Override, also on GET', async () => {
      expect((await t.http.post(`${BASE}/probe/7?_method=PUT`).expect(200)).body).toEqual({ method: 'PUT', id: 7, search: null });
      expect((await t.http.get(`${BASE}/probe/7?_method=DELETE`).expect(200)).body.method).toBe('DELETE');
      expect((await t.http.post(`${BASE}/probe/8`).set('X-HTTP-Method-Override', 'DELETE').expect(200)).body).toEqual({ method: 'DELETE', id: 8 });
    });
  });

  describe('request parameters', () => {
    it('reads JSON, form and multipart bodies, and the query string', async () => {
      const json = await t.http.post(`${BASE}/probe`).set('Authorization', ADMIN).send({ title: 'A', start_date: '2027-01-01', all_day: 'true' }).expect(201);
      expect(json.body.received).toEqual({ title: 'A', start_date: '2027-01-01', all_day: true });
      const form = await t.http.post(`${BASE}/probe`).set('Authorization', ADMIN).type('form').send('title=B&start_date=2027-01-02&all_day=0').expect(201);
      expect(form.body.received).toEqual({ title: 'B', start_date: '2027-01-02', all_day: false });
      const multipart = await t.http.post(`${BASE}/probe`).set('Authorization', ADMIN).field('title', 'C').field('start_date', '2027-01-03').expect(201);
      expect(multipart.body.received).toEqual({ title: 'C', start_date: '2027-01-03', all_day: false });
      const query = await t.http.post(`${BASE}/probe?title=D&start_date=2027-01-04`).set('Authorization', ADMIN).expect(201);
      expect(query.body.received.title).toBe('D');
    });

    it('lets the body win over the query string and treats JSON null as absent', async () => {
      const res = await t.http
        .post(`${BASE}/probe?title=query`)
        .set('Authorization', ADMIN)
        .send({ title: 'body', start_date: '2027-01-01', colour: null })
        .expect(201);
      expect(res.body.received).toEqual({ title: 'body', start_date: '2027-01-01', all_day: false });
    });

    it('lists every missing required parameter', async () => {
      const res = await t.http.post(`${BASE}/probe`).set('Authorization', ADMIN).send({ title: null }).expect(400);
      expect(res.body).toEqual({ code: 'rest_missing_callback_param', message: expect.any(String), data: { status: 400, params: ['title', 'start_date'] } });
    });

    it('lists every invalid parameter with its message, and validator details', async () => {
      const res = await t.http.get(`${BASE}/probe?page=foo&per_page=0&include=1,x`).expect(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.status).toBe(400);
      expect(Object.keys(res.body.data.params).sort()).toEqual(['include', 'page', 'per_page']);
      expect(res.body.data.params.page).toBe('page is not of type integer.');
      expect(res.body.data.details.page).toEqual({ code: 'rest_invalid_type', message: 'page is not of type integer.', data: { param: 'page' } });
      const callback = await t.http.get(`${BASE}/probe?total=x`).expect(400);
      expect(callback.body.data).toEqual({ status: 400, params: { total: 'total is not of type integer.' }, details: [] });
      const bool = await t.http
        .post(`${BASE}/probe`)
        .set('Authorization', ADMIN)
        .send({ title: 'x', start_date: 'y', all_day: 'yes', colour: 'blue' })
        .expect(400);
      expect(bool.body.data.params.all_day).toBe('all_day is not of type boolean.');
      expect(bool.body.data.details.colour).toEqual({ code: 'not-blue', message: 'Blue is not allowed.', data: null });
      expect(bool.body.data.details.all_day).toEqual({ code: 'rest_invalid_type', message: 'all_day is not of type boolean.', data: { param: 'all_day' } });
      const mauve = await t.http.post(`${BASE}/probe`).set('Authorization', ADMIN).send({ title: 'x', start_date: 'y', colour: 'mauve' }).expect(400);
      expect(mauve.body.data.params).toEqual({ colour: 'colour is not valid: "mauve".' });
    });

    it('reports malformed JSON at the parameter stage: 400 even to anonymous callers, 404 on unknown routes', async () => {
      const bad = await t.http.post(`${BASE}/probe`).set('Content-Type', 'application/json').send('{"title":').expect(400);
      expect(bad.body.code).toBe('rest_invalid_json');
      expect(bad.body.data).toEqual({ status: 400, json_error_code: 4, json_error_message: expect.any(String) });
      const unknown = await t.http.post(`${BASE}/nowhere`).set('Content-Type', 'application/json').send('{"title":').expect(404);
      expect(unknown.body.code).toBe('rest_no_route');
    });

    it('checks validation before permission, then answers 401 to anonymous and 403 to the unprivileged', async () => {
      expect((await t.http.post(`${BASE}/probe`).send({}).expect(400)).body.code).toBe('rest_missing_callback_param');
      const anonymous = await t.http.post(`${BASE}/probe`).send({ title: 'x', start_date: 'y' }).expect(401);
      expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 401 } });
    });

    it('rejects an oversized body with 413 in the envelope', async () => {
      const res = await t.http
        .post(`${BASE}/probe`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }))
        .expect(413);
      expect(res.body.data.status).toBe(413);
    });

    it('never leaks internals on an unexpected error', async () => {
      const res = await t.http.get(`${BASE}/probe/boom`).expect(500);
      expect(res.body).toEqual({ code: 'internal_server_error', message: expect.any(String), data: { status: 500 } });
      expect(JSON.stringify(res.body)).not.toContain('secret');
    });
  });

  describe('the shared pagination interceptor', () => {
    it('wraps a post list with navigation URLs that keep the caller’s filters', async () => {
      const res = await t.http.get(`${BASE}/probe?search=a b&total=25&page=2&per_page=10`).expect(200);
      expect(Object.keys(res.body)).toEqual(['probe', 'rest_url', 'next_rest_url', 'previous_rest_url', 'total', 'total_pages']);
      expect(res.body.probe.map((r: { id: number }) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      expect(res.body.rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/probe/?search=a%20b&total=25&page=2&per_page=10');
      expect(res.body.next_rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/probe/?search=a%20b&total=25&page=3&per_page=10');
      expect(res.body.previous_rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/probe/?search=a%20b&total=25&per_page=10');
      expect(res.body.total).toBe(25);
      expect(res.body.total_pages).toBe(3);
      expect(res.headers['x-tec-total']).toBe('25');
      expect(res.headers['x-tec-totalpages']).toBe('3');
      // Issue #8: the standard WordPress headers as well.
      expect(res.headers['x-wp-total']).toBe('25');
      expect(res.headers['x-wp-totalpages']).toBe('3');
    });

    it('answers an empty first page with zero totals and no navigation', async () => {
      const res = await t.http.get(`${BASE}/probe`).expect(200);
      expect(res.body).toEqual({ probe: [], rest_url: 'http://127.0.0.1:3000/wp-json/tribe/events/v1/probe/?page=1&per_page=10', total: 0, total_pages: 0 });
    });

    it('answers a post-list page beyond the last with the resource’s 404 and no totals headers', async () => {
      const res = await t.http.get(`${BASE}/probe?total=3&per_page=3&page=2`).expect(404);
      expect(res.body).toEqual({ code: 'probe-page-not-found', message: expect.any(String), data: { status: 404 } });
      expect(res.headers['x-tec-total']).toBeUndefined();
    });

    it('joins repeated array keys with commas in the navigation URLs', async () => {
      const res = await t.http.get(`${BASE}/probe?include[]=1&include[]=2&total=1`).expect(200);
      expect(res.body.rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/probe/?include=1%2C2&total=1&page=1&per_page=10');
    });

    it('leaves the default page 1 out of a term list’s rest_url, as the plugin does', async () => {
      const res = await t.http.get(`${BASE}/probe/terms?total=4&per_page=2`).expect(200);
      expect(res.body.rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/terms/?total=4&per_page=2');
      expect(res.body.next_rest_url).toBe('http://127.0.0.1:3000/wp-json/tribe/events/v1/terms/?total=4&per_page=2&page=2');
    });

    it('orders a term list differently and answers a page beyond the last with an empty 200', async () => {
      const res = await t.http.get(`${BASE}/probe/terms?total=4&per_page=2&page=3`).expect(200);
      expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'terms', 'previous_rest_url']);
      expect(res.body.terms).toEqual([]);
      expect(res.body.previous_rest_url).toContain('page=2');
    });
  });
});
