import { SERIES_POST_TYPE } from '../support/series-module/series.resource';
import { ADMIN, BASE, EXAMPLE_BASE, SITE, startTestApp, TestApp, userWithRole } from '../support/test-app';
import { createWebhook, ECA, FAST_WEBHOOKS, readFeed, Receiver } from './changes-test-helpers';

const SERIES = `${EXAMPLE_BASE}/series`;

/**
 * The resource of docs/architecture.md "Adding a resource" (test/support/series-module): a folder and
 * one module in the app's list, in a namespace of its own, mounted in every test app. Its declaration
 * alone puts it in the indexes, Swagger, `Allow` and OPTIONS, the catalogs, the capability checks, the
 * change feed and webhooks; its lists and records link inside its own namespace.
 */
describe('a resource module declared in its own folder and namespace', () => {
  let t: TestApp;
  let receiver: Receiver;
  const auth: Record<'author' | 'contributor' | 'subscriber', string> = { author: '', contributor: '', subscriber: '' };

  beforeAll(async () => {
    receiver = await new Receiver().start();
    t = await startTestApp({ env: FAST_WEBHOOKS });
    for (const role of ['author', 'contributor', 'subscriber'] as const) auth[role] = (await userWithRole(t, role)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
  });

  it('has its own namespace index, listed in the REST root index, and stays out of the plugin’s', async () => {
    const index = (await t.http.get(EXAMPLE_BASE).expect(200)).body;
    expect(Object.keys(index.routes)).toEqual(['/example/v1', '/example/v1/series', '/example/v1/series/(?P<id>\\d+)']);
    const collection = index.routes['/example/v1/series'];
    expect(collection.methods).toEqual(['GET', 'POST']);
    expect(collection._links.self[0].href).toBe(`${SITE}${SERIES}`);
    expect(collection.endpoints[1].args.title).toEqual({ type: 'string', description: 'The series title', required: false });
    // Its declared layout: a post's record routes, GET, DELETE, then the editable methods.
    expect(index.routes['/example/v1/series/(?P<id>\\d+)'].methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    const root = (await t.http.get('/wp-json/').expect(200)).body;
    expect(root.namespaces).toContain('example/v1');
    expect(root.routes['/example/v1/series']).toBeDefined();
    const plugin = (await t.http.get(BASE).expect(200)).body;
    expect(Object.keys(plugin.routes).filter((route) => route.includes('series'))).toEqual([]);
    expect(Object.keys((await t.http.get(`${BASE}/doc`).expect(200)).body.paths).filter((path) => path.includes('series'))).toEqual([]);
  });

  it('is in the Swagger document with its response class and operation names', async () => {
    const swagger = (await t.http.get('/docs-json').expect(200)).body;
    expect(Object.keys(swagger.paths[SERIES]).sort()).toEqual(['get', 'post']);
    // PUT and PATCH are documented on POST (the same update).
    expect(Object.keys(swagger.paths[`${SERIES}/{id}`]).sort()).toEqual(['delete', 'get', 'post']);
    expect(swagger.paths[`${SERIES}/{id}`].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Series' });
    expect(Object.keys(swagger.components.schemas.Series.properties)).toEqual(expect.arrayContaining(['id', 'author', 'rest_url', 'title', 'slug']));
    expect(swagger.paths[`${SERIES}/{id}`].delete.summary).toMatch(/series/);
  });

  it('translates its catalog in every language the service ships', async () => {
    const args = async (lang: string) => (await t.http.get(`/${lang}${EXAMPLE_BASE}`).expect(200)).body.routes['/example/v1/series'].endpoints[1].args;
    expect((await args('fr')).title.description).toBe('Titre (series)');
    expect((await args('de')).title.description).toBe('Titel (series)');
    const swagger = (await t.http.get('/docs-json').set('Accept-Language', 'es').expect(200)).body;
    expect(swagger.components.schemas.SeriesArgs.properties.title.description).toBe('Título (series)');
  });

  it('lists in Allow and OPTIONS the methods its write capability opens', async () => {
    expect((await t.http.get(SERIES).set('Authorization', auth.subscriber).expect(200)).headers.allow).toBe('GET');
    expect((await t.http.get(SERIES).set('Authorization', auth.author).expect(200)).headers.allow).toBe('GET, POST');
    const options = await t.http.options(`${SERIES}/1`).set('Authorization', auth.contributor).expect(200);
    expect(options.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(options.body.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect((await t.http.options(`${SERIES}/1`).expect(200)).headers.allow).toBe('GET');
  });

  it('checks its capabilities and writes through the shared WordPress helpers', async () => {
    await t.http.post(SERIES).set('Authorization', auth.subscriber).send({ title: 'Refused' }).expect(403);
    await t.http.post(SERIES).send({ title: 'Anonymous' }).expect(401);
    const byAuthor = (
      await t.http
        .post(SERIES)
        .set('Authorization', auth.author)
        .send({ title: 'Spring <script>x</script>talks', description: '<b>Talks</b><iframe></iframe>' })
        .expect(201)
    ).body;
    // kses for a caller without unfiltered_html (savedTitle / savedContent), the record in its response class's shape.
    expect(byAuthor).toMatchObject({ title: 'Spring xtalks', description: '<p><b>Talks</b></p>', status: 'publish', slug: 'spring-xtalks' });
    expect(byAuthor.rest_url).toBe(`${SITE}${SERIES}/${byAuthor.id}`);
    expect(byAuthor.url).toBe(`${SITE}/?post_type=${SERIES_POST_TYPE}&p=${byAuthor.id}`);
    // A contributor may write but not publish series: the status is scaled back (publish_tribe_event_series).
    const byContributor = (await t.http.post(SERIES).set('Authorization', auth.contributor).send({ title: 'Draft', status: 'publish' }).expect(201)).body;
    expect(byContributor.status).toBe('pending');
    // Editing another author's published series takes edit_others_tribe_event_series (editors, administrators).
    await t.http.put(`${SERIES}/${byAuthor.id}`).set('Authorization', auth.contributor).send({ title: 'Taken' }).expect(403);
    expect((await t.http.put(`${SERIES}/${byAuthor.id}`).set('Authorization', ADMIN).send({ title: 'Renamed' }).expect(200)).body.title).toBe('Renamed');
    // The pending series is its author's to read, nobody else's but editors'.
    await t.http.get(`${SERIES}/${byContributor.id}`).expect(401);
    await t.http.get(`${SERIES}/${byContributor.id}`).set('Authorization', auth.contributor).expect(200);
    await t.http.delete(`${SERIES}/${byAuthor.id}`).set('Authorization', auth.subscriber).expect(403);
    expect((await t.http.delete(`${SERIES}/${byAuthor.id}`).set('Authorization', auth.author).expect(200)).body.status).toBe('trash');
    await t.http.get(`${SERIES}/999999`).expect(404);
  });

  it('pages with navigation URLs and Link headers in its own namespace', async () => {
    for (const title of ['One', 'Two', 'Three']) await t.http.post(SERIES).set('Authorization', ADMIN).send({ title }).expect(201);
    const first = await t.http.get(SERIES).query({ per_page: 2 }).expect(200);
    expect(first.body.rest_url).toBe(`${SITE}${SERIES}/?per_page=2&page=1`);
    expect(first.body.next_rest_url).toBe(`${SITE}${SERIES}/?per_page=2&page=2`);
    expect(first.headers.link).toContain(`<${SITE}${SERIES}/?per_page=2&page=2>; rel="next"`);
    expect(first.body.total).toBe(3);
    const second = await t.http.get(new URL(first.body.next_rest_url).pathname + new URL(first.body.next_rest_url).search).expect(200);
    expect(second.body.series.map((s: { title: string }) => s.title)).toEqual(['Three']);
    expect(second.body.previous_rest_url).toBe(`${SITE}${SERIES}/?per_page=2`);
  });

  it('records its changes in the feed and delivers them to webhooks, linked in its namespace', async () => {
    const hook = await createWebhook(t, { url: receiver.url, events: ['series.*'] });
    expect(hook.events).toEqual(['series.*']);
    const start = (await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).expect(200)).body.last_cursor;
    const created = (await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'Followed' }).expect(201)).body;
    await t.http.patch(`${SERIES}/${created.id}`).set('Authorization', ADMIN).send({ description: 'Now described' }).expect(200);
    await t.http.delete(`${SERIES}/${created.id}`).set('Authorization', ADMIN).expect(200);
    const feed = (await readFeed(t, start)).filter((change) => change.id === created.id);
    expect(feed.map((change) => [change.type, change.action])).toEqual([
      ['series', 'created'],
      ['series', 'updated'],
      ['series', 'removed'],
    ]);
    expect(feed[0].href).toBe(`${SITE}${SERIES}/${created.id}`);
    // Up to two deliveries of one webhook are in flight at once: their order of arrival is not the log's.
    const delivered = (await receiver.waitFor(3)).sort((a, b) => a.json.change.cursor - b.json.change.cursor);
    expect(delivered.map((d) => d.json.change.type + '.' + d.json.change.action)).toEqual(['series.created', 'series.updated', 'series.trashed']);
    // Read when sent: the trashed one is in the trash by then, which an anonymous caller cannot read.
    expect(delivered[2].json.record).toBeNull();
  });

  it('delivers a published record as an anonymous caller reads it at its own route', async () => {
    await createWebhook(t, { url: receiver.url, events: ['series.created'] });
    const published = (await t.http.post(SERIES).set('Authorization', ADMIN).send({ title: 'Public', status: 'publish' }).expect(201)).body;
    const delivery = (await receiver.waitFor(4)).find((d) => d.json.change.id === published.id && d.json.change.action === 'created');
    expect(delivery?.json.record).toEqual((await t.http.get(`${SERIES}/${published.id}`).expect(200)).body);
    expect(delivery?.json.record).toMatchObject({ id: published.id, title: 'Public' });
  });
});
