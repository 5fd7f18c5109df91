import { UsersService } from '../../src/auth/users.service';
import { declaredNamespaces } from '../../src/resources/resource-registry';
import { ADMIN_PASSWORD, ADMIN_USER, basic, startTestApp, TestApp } from '../support/test-app';

const NS = '/wp-json/tribe/events/v1';
const ADMIN = basic(ADMIN_USER, ADMIN_PASSWORD);

interface IndexArg {
  type?: string;
  required: boolean;
}
interface IndexRoute {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, IndexArg> | [] }[];
  _links?: unknown;
}

/** A concrete URL of a route pattern (an unknown record: validation runs before any lookup). */
const urlOf = (pattern: string) => `/wp-json${pattern.replace(/\(\?P<id>[^)]*\)/g, '999999').replace(/\(\?P<[a-z]+>[^)]*\)/g, 'no-such-record')}`;
const pathParamsOf = (pattern: string) => [...pattern.matchAll(/\(\?P<([a-z]+)>/g)].map((m) => m[1]);

describe('discovery', () => {
  let t: TestApp;
  let index: { namespace: string; routes: Record<string, IndexRoute>; _links: unknown };
  beforeAll(async () => {
    t = await startTestApp();
    index = (await t.http.get(NS).expect(200)).body;
  });
  afterAll(() => t.close());

  describe('the namespace index agrees with what every route validates', () => {
    it('lists the routes in the plugin order, with methods and self links as WordPress does', () => {
      const keys = Object.keys(index.routes);
      expect(keys.slice(0, 2)).toEqual(['/tribe/events/v1', '/tribe/events/v1/doc']);
      const collections = ['events', 'venues', 'organizers', 'categories', 'tags'].filter((c) => keys.includes(`/tribe/events/v1/${c}`));
      expect(keys.filter((k) => /^\/tribe\/events\/v1\/[a-z]+$/.test(k)).slice(1)).toEqual(collections.map((c) => `/tribe/events/v1/${c}`));
      expect(keys).toContain('/tribe/events/v1/venues/(?P<id>\\d+)');
      expect(keys).toContain('/tribe/events/v1/organizers/by-slug/(?P<slug>[^/]+)');
      for (const [pattern, route] of Object.entries(index.routes)) {
        expect(route.methods).toEqual(route.endpoints.flatMap((e) => e.methods));
        expect('_links' in route).toBe(pathParamsOf(pattern).length === 0);
      }
      expect(index.routes['/tribe/events/v1/doc'].endpoints).toEqual([{ methods: ['GET'], args: [] }]);
      expect(index.routes['/tribe/events/v1/venues'].endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST']]);
      expect(index.routes['/tribe/events/v1/venues/(?P<id>\\d+)'].endpoints.map((e) => e.methods)).toEqual([['GET'], ['DELETE'], ['POST', 'PUT', 'PATCH']]);
      expect(index.routes['/tribe/events/v1/tags/(?P<id>\\d+)'].endpoints.map((e) => e.methods)).toEqual([['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]);
      expect(index._links).toEqual({ up: [{ href: 'http://127.0.0.1:3000/wp-json/' }] });
    });

    it('declares path parameters first and as required', () => {
      for (const [pattern, route] of Object.entries(index.routes)) {
        const params = pathParamsOf(pattern);
        for (const endpoint of route.endpoints) {
          if (Array.isArray(endpoint.args)) continue;
          expect(Object.keys(endpoint.args).slice(0, params.length)).toEqual(params);
        }
      }
      expect(index.routes['/tribe/events/v1/venues/(?P<id>\\d+)'].endpoints[0].args).toEqual({
        id: { type: 'integer', description: expect.any(String), required: true },
      });
    });

    // For every endpoint: the required arguments are exactly those the route reports missing, and every
    // integer or boolean argument is type-checked by the route.
    it('reports exactly the required arguments as missing and type-checks every typed one', async () => {
      let checked = 0;
      // Every namespace's routes: the plugin's, then those the declared resources mount.
      const routes = { ...index.routes };
      for (const namespace of declaredNamespaces()) Object.assign(routes, (await t.http.get(`/wp-json/${namespace}`).expect(200)).body.routes);
      for (const [pattern, route] of Object.entries(routes) as [string, IndexRoute][]) {
        const pathParams = pathParamsOf(pattern);
        for (const endpoint of route.endpoints) {
          const args = Object.entries(Array.isArray(endpoint.args) ? {} : endpoint.args).filter(([name]) => !pathParams.includes(name));
          const method = endpoint.methods[0].toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
          const send = (params: Record<string, string>) =>
            method === 'get' || method === 'delete' ? t.http[method](urlOf(pattern)).query(params) : t.http[method](urlOf(pattern)).send(params);
          const where = `${endpoint.methods.join('|')} ${pattern}`;

          const required = args.filter(([, a]) => a.required).map(([n]) => n);
          const empty = await send({});
          if (required.length) {
            expect({ where, code: empty.body.code, params: empty.body.data?.params }).toEqual({ where, code: 'rest_missing_callback_param', params: required });
          } else {
            expect({ where, code: empty.body.code }).not.toEqual({ where, code: 'rest_missing_callback_param' });
          }

          const typed = args.filter(([, a]) => a.type === 'integer' || a.type === 'boolean');
          if (!typed.length) continue;
          const params: Record<string, string> = Object.fromEntries(required.map((n) => [n, 'x']));
          for (const [name, a] of typed) params[name] = a.type === 'integer' ? 'not-a-number' : 'maybe';
          const res = await send(params);
          expect({ where, status: res.status, code: res.body.code }).toEqual({ where, status: 400, code: 'rest_invalid_param' });
          expect({ where, invalid: typed.map(([n]) => n).filter((n) => !(n in res.body.data.params)) }).toEqual({ where, invalid: [] });
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(10);
    });

    it('shows computed defaults: the site page size as a string, hide_empty as "1"', () => {
      const args = index.routes['/tribe/events/v1/categories'].endpoints[0].args as Record<string, { default?: unknown }>;
      expect(args.per_page.default).toBe('10');
      expect(args.hide_empty.default).toBe('1');
      expect(args.order).not.toHaveProperty('default');
      expect(Object.keys(args)).toEqual([
        'page',
        'per_page',
        'search',
        'exclude',
        'include',
        'order',
        'orderby',
        'hide_empty',
        'parent',
        'post',
        'event',
        'slug',
      ]);
    });

    it('answers another namespace with rest_invalid_namespace', async () => {
      const res = await t.http.get(NS).query({ namespace: 'wp/v2' }).expect(404);
      expect(res.body).toEqual({ code: 'rest_invalid_namespace', message: expect.any(String), data: { status: 404 } });
      await t.http.get(NS).query({ namespace: 'tribe/events/v1', context: 'help' }).expect(200);
    });
  });

  describe('/doc', () => {
    it('is the OpenAPI 3.0 document of every route', async () => {
      const doc = (await t.http.get(`${NS}/doc`).expect(200)).body;
      expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
      expect(doc.openapi).toBe('3.0.0');
      expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:3000/wp-json/tribe/events/v1/' }]);
      expect(Object.keys(doc.components.schemas)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']);
      const expected = Object.keys(index.routes)
        .filter((k) => k !== '/tribe/events/v1')
        .map((k) => k.replace('/tribe/events/v1', '').replace(/\(\?P<([a-z]+)>[^)]*\)/g, '{$1}'));
      expect(Object.keys(doc.paths)).toEqual(expected);
      expect(Object.keys(doc.paths['/venues/{id}'])).toEqual(['get', 'post', 'delete']);
      expect(doc.paths['/venues/{id}'].get.parameters).toEqual([
        { in: 'path', schema: { type: 'integer' }, description: expect.any(String), required: true, name: 'id' },
      ]);
      expect(doc.paths['/organizers/{id}'].post.responses).toEqual({
        201: { description: expect.any(String), content: { 'application/json': { schema: { $ref: '#/components/schemas/Organizer' } } } },
        400: { description: expect.any(String) },
        403: { description: expect.any(String) },
      });
      expect(doc.paths['/tags'].get.responses['200'].content['application/json'].schema).toEqual({
        title: 'tags',
        type: 'array',
        items: { $ref: '#/components/schemas/Term' },
      });
    });
  });

  describe('WordPress discovery', () => {
    it('answers the REST root index in WordPress core shape, with the namespaces and their routes', async () => {
      // The plugin's namespace, then those the resources declare: the service's eca/v1, then the others (the test app's example/v1) alphabetically.
      const declared = declaredNamespaces();
      expect(declared).toEqual(expect.arrayContaining(['eca/v1', 'example/v1']));
      const others: string[] = [];
      for (const namespace of declared) others.push(...Object.keys((await t.http.get(`/wp-json/${namespace}`).expect(200)).body.routes));
      for (const path of ['/wp-json/', '/wp-json', '/fr/wp-json/']) {
        const res = await t.http.get(path).expect(200);
        expect(res.body).toMatchObject({ namespaces: ['tribe/events/v1', ...declared], url: expect.any(String), home: expect.any(String) });
        expect(Object.keys(res.body.routes).slice(0, 2)).toEqual(['/', '/tribe/events/v1']);
        if (!path.startsWith('/fr')) expect(res.body.routes['/tribe/events/v1/venues']).toEqual(index.routes['/tribe/events/v1/venues']);
        expect(Object.keys(res.body.routes).slice(1)).toEqual([...Object.keys(index.routes), ...others]);
        expect(res.body._links.help).toEqual([{ href: 'https://developer.wordpress.org/rest-api/' }]);
      }
    });

    it('sends the api.w.org Link header on every response, the site root and errors included', async () => {
      const link = '<http://127.0.0.1:3000/wp-json/>; rel="https://api.w.org/"';
      for (const path of ['/', '/wp-json/', `${NS}/nothing`, `${NS}/venues`, '/docs-json']) {
        expect((await t.http.get(path)).headers.link).toContain(link);
      }
    });

    it('answers OPTIONS with the route description and Allow, and [] for an unknown path', async () => {
      const res = await t.http.options(`${NS}/venues/12`).expect(200);
      expect(res.body).toEqual(index.routes['/tribe/events/v1/venues/(?P<id>\\d+)']);
      expect(res.headers.allow).toBe('GET');
      const admin = await t.http.options(`${NS}/venues/12`).set('Authorization', ADMIN).expect(200);
      expect(admin.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
      expect((await t.http.options(`${NS}/nothing/here`).expect(200)).body).toEqual([]);
    });

    it('lists in Allow the methods the caller may use on the route', async () => {
      expect((await t.http.get(NS).expect(200)).headers.allow).toBe('GET');
      expect((await t.http.get(`${NS}/tags`)).headers.allow).toBe('GET');
      expect((await t.http.get(`${NS}/tags`).set('Authorization', ADMIN)).headers.allow).toBe('GET, POST');
      expect((await t.http.get(`${NS}/categories/99999`).set('Authorization', ADMIN)).headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      const users = t.app.get(UsersService);
      const subscriber = await users.create({ login: 'reader', email: 'reader@example.org', role: 'subscriber' });
      const { plain } = await users.addApplicationPassword(subscriber, 'test');
      expect((await t.http.get(`${NS}/venues`).set('Authorization', basic('reader', plain))).headers.allow).toBe('GET');
      expect((await t.http.get(`${NS}/nothing`)).headers.allow).toBeUndefined();
    });

    it('adds X-WP-Total, X-WP-TotalPages and Link rel prev/next to lists', async () => {
      for (const name of ['Alpha', 'Beta', 'Gamma']) await t.http.post(`${NS}/tags`).set('Authorization', ADMIN).send({ name }).expect(201);
      const res = await t.http.get(`${NS}/tags`).query({ hide_empty: 0, per_page: 1, page: 2 }).expect(200);
      expect(res.headers['x-wp-total']).toBe('3');
      expect(res.headers['x-wp-totalpages']).toBe('3');
      expect(res.headers['x-tec-total']).toBe('3');
      const links = String(res.headers.link);
      expect(links).toContain('rel="https://api.w.org/"');
      expect(links).toContain(`<${res.body.previous_rest_url}>; rel="prev"`);
      expect(links).toContain(`<${res.body.next_rest_url}>; rel="next"`);
      const first = await t.http.get(`${NS}/tags`).query({ hide_empty: 0, per_page: 1 }).expect(200);
      expect(String(first.headers.link)).not.toContain('rel="prev"');
    });
  });
});
