import { SeriesModule } from '../support/series-module/series.module';
import { ADMIN, BASE, startTestApp, TestApp, userWithRole } from '../support/test-app';

/**
 * A resource added the way a team would add one: a folder (test/support/series-module) and the module
 * in the app's list, nothing else. Its declaration alone puts it in the namespace index, /doc, the
 * Swagger document, `Allow` and OPTIONS, the catalogs and the capability checks.
 */
describe('a resource module declared in its own folder', () => {
  let t: TestApp;
  const auth: Record<'author' | 'contributor' | 'subscriber', string> = { author: '', contributor: '', subscriber: '' };

  beforeAll(async () => {
    t = await startTestApp({ modules: [SeriesModule] });
    for (const role of ['author', 'contributor', 'subscriber'] as const) auth[role] = (await userWithRole(t, role)).auth;
  });
  afterAll(() => t?.close());

  it('appears in the namespace index after the plugin’s collections, with its arguments', async () => {
    const index = (await t.http.get(BASE).expect(200)).body;
    const routes = Object.keys(index.routes);
    expect(routes.slice(-2)).toEqual(['/tribe/events/v1/series', '/tribe/events/v1/series/(?P<id>\\d+)']);
    expect(routes.indexOf('/tribe/events/v1/series')).toBeGreaterThan(routes.indexOf('/tribe/events/v1/tags'));
    const collection = index.routes['/tribe/events/v1/series'];
    expect(collection.methods).toEqual(['GET', 'POST']);
    expect(collection.endpoints[1].args.title).toEqual({ type: 'string', description: 'The series title', required: false });
    // Its declared layout: a post's record routes, GET, DELETE, then the editable methods.
    expect(index.routes['/tribe/events/v1/series/(?P<id>\\d+)'].methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
  });

  it('appears in /doc and in the Swagger document', async () => {
    const doc = (await t.http.get(`${BASE}/doc`).expect(200)).body;
    expect(Object.keys(doc.paths).slice(-2)).toEqual(['/series', '/series/{id}']);
    expect(Object.keys(doc.paths['/series/{id}'])).toEqual(['get', 'post', 'delete']);
    expect(doc.paths['/series/{id}'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties.title.description).toBe(
      'The series title',
    );
    const swagger = (await t.http.get('/docs-json').expect(200)).body;
    expect(Object.keys(swagger.paths[`${BASE}/series`]).sort()).toEqual(['get', 'post']);
    // PUT and PATCH are documented on POST (the same update).
    expect(Object.keys(swagger.paths[`${BASE}/series/{id}`]).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('translates its own catalog entry under /fr and falls back to English elsewhere', async () => {
    const args = (body: { routes: Record<string, { endpoints: { args: Record<string, { description: string }> }[] }> }) =>
      body.routes['/tribe/events/v1/series'].endpoints[1].args;
    expect(args((await t.http.get(`/fr${BASE}`).expect(200)).body).title.description).toBe('Titre de la série');
    expect(args((await t.http.get(`/de${BASE}`).expect(200)).body).title.description).toBe('The series title');
    const swagger = (await t.http.get('/docs-json').set('Accept-Language', 'fr').expect(200)).body;
    expect(swagger.components.schemas.SeriesArgs.properties.title.description).toBe('Titre de la série');
  });

  it('lists in Allow and OPTIONS the methods its write capability opens', async () => {
    expect((await t.http.get(`${BASE}/series`).set('Authorization', auth.subscriber).expect(200)).headers.allow).toBe('GET');
    expect((await t.http.get(`${BASE}/series`).set('Authorization', auth.author).expect(200)).headers.allow).toBe('GET, POST');
    const options = await t.http.options(`${BASE}/series/1`).set('Authorization', auth.contributor).expect(200);
    expect(options.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(options.body.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect((await t.http.options(`${BASE}/series/1`).expect(200)).headers.allow).toBe('GET');
  });

  it('checks its capabilities: the default roles it declared, its post type’s publish capability', async () => {
    await t.http.post(`${BASE}/series`).set('Authorization', auth.subscriber).send({ title: 'Refused' }).expect(403);
    await t.http.post(`${BASE}/series`).send({ title: 'Anonymous' }).expect(401);
    const byAuthor = (await t.http.post(`${BASE}/series`).set('Authorization', auth.author).send({ title: 'Spring talks' }).expect(201)).body;
    expect(byAuthor).toMatchObject({ title: 'Spring talks', status: 'publish' });
    // A contributor may write but not publish series: the status is scaled back (publish_eca_series).
    const byContributor = (await t.http.post(`${BASE}/series`).set('Authorization', auth.contributor).send({ title: 'Draft', status: 'publish' }).expect(201))
      .body;
    expect(byContributor.status).toBe('pending');
    // Editing another author's published series takes edit_others_eca_series (editors, administrators).
    await t.http.put(`${BASE}/series/${byAuthor.id}`).set('Authorization', auth.contributor).send({ title: 'Taken' }).expect(403);
    expect((await t.http.put(`${BASE}/series/${byAuthor.id}`).set('Authorization', ADMIN).send({ title: 'Renamed' }).expect(200)).body.title).toBe('Renamed');
    const list = (await t.http.get(`${BASE}/series`).expect(200)).body;
    expect(list.series.map((s: { title: string }) => s.title)).toEqual(['Renamed']);
    expect(list.total).toBe(1);
    await t.http.delete(`${BASE}/series/${byAuthor.id}`).set('Authorization', auth.subscriber).expect(403);
    expect((await t.http.delete(`${BASE}/series/${byAuthor.id}`).set('Authorization', auth.author).expect(200)).body.status).toBe('trash');
  });
});
