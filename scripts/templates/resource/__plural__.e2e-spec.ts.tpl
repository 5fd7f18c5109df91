import { __Plural__Module } from '__RESOURCE__/__plural__.module';
import { ADMIN, SITE, startTestApp, TestApp, userWithRole } from '__TEST__/support/test-app';
import { ECA, readFeed } from '__TEST__/e2e/changes-test-helpers';
import { callTool, mcpClient } from '__TEST__/e2e/mcp-test-helpers';

const NAMESPACE = '/wp-json/__namespace__';
const COLLECTION = `${NAMESPACE}/__plural__`;

/**
 * `/__namespace__/__plural__`, written by `npm run generate -- resource __plural__`: its routes over HTTP
 * on the real app, and its declaration's reach (indexes, Swagger, MCP tools, the change feed).
 * Mounted here explicitly too, so the suite runs before the module joins src/app/app.module.ts.
 */
describe('__plural__ (a generated resource)', () => {
  let t: TestApp;
  let subscriber: string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [__Plural__Module] });
    subscriber = (await userWithRole(t, 'subscriber')).auth;
  });
  afterAll(() => t?.close());

  it('creates, reads, lists, updates and trashes', async () => {
    const created = (await t.http.post(COLLECTION).set('Authorization', ADMIN).send({ title: 'First', description: 'One', status: 'publish' }).expect(201)).body;
    expect(created).toMatchObject({ title: 'First', description: '<p>One</p>', status: 'publish', slug: 'first', rest_url: `${SITE}${COLLECTION}/${created.id}` });
    expect((await t.http.get(`${COLLECTION}/${created.id}`).expect(200)).body).toEqual(created);
    const list = (await t.http.get(COLLECTION).query({ per_page: 50 }).expect(200)).body;
    expect(list.__plural__.map((record: { id: number }) => record.id)).toContain(created.id);
    const updated = (await t.http.patch(`${COLLECTION}/${created.id}`).set('Authorization', ADMIN).send({ title: 'Renamed' }).expect(200)).body;
    expect(updated).toMatchObject({ id: created.id, title: 'Renamed', description: '<p>One</p>' });
    expect((await t.http.delete(`${COLLECTION}/${created.id}`).set('Authorization', ADMIN).expect(200)).body.status).toBe('trash');
    await t.http.get(`${COLLECTION}/${created.id}`).expect(401);
    await t.http.get(`${COLLECTION}/999999`).expect(404);
  });

  it('checks its capabilities and its input', async () => {
    await t.http.post(COLLECTION).send({ title: 'Anonymous' }).expect(401);
    await t.http.post(COLLECTION).set('Authorization', subscriber).send({ title: 'Refused' }).expect(403);
    expect((await t.http.post(COLLECTION).set('Authorization', ADMIN).send({ title: '' }).expect(400)).body.code).toBe('__singular__-title-required');
    expect((await t.http.get(COLLECTION).query({ per_page: 'many' }).expect(400)).body.code).toBe('rest_invalid_param');
  });

  it('is in its namespace index, the REST root index and Swagger', async () => {
    const index = (await t.http.get(NAMESPACE).expect(200)).body;
    expect(Object.keys(index.routes)).toEqual(expect.arrayContaining(['/__namespace__/__plural__', '/__namespace__/__plural__/(?P<id>\\d+)']));
    expect((await t.http.get('/wp-json/').expect(200)).body.namespaces).toContain('__namespace__');
    const swagger = (await t.http.get('/docs-json').expect(200)).body;
    expect(swagger.paths[`${COLLECTION}/{id}`].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/__Singular__' });
  });

  it('has MCP tools that run its rules', async () => {
    const client = await mcpClient(t, ADMIN);
    const tools = (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('__plural___'));
    expect(tools).toEqual(['__plural___list', '__plural___create', '__plural___get', '__plural___delete', '__plural___update']);
    const created = await callTool(client, '__plural___create', { title: 'Through MCP' });
    expect(created.json).toMatchObject({ title: 'Through MCP' });
    await client.close();
  });

  it('records its changes in the feed', async () => {
    const start = (await t.http.get(`${ECA}/changes`).query({ after: 0, per_page: 1 }).expect(200)).body.last_cursor;
    const created = (await t.http.post(COLLECTION).set('Authorization', ADMIN).send({ title: 'Followed' }).expect(201)).body;
    await t.http.delete(`${COLLECTION}/${created.id}`).set('Authorization', ADMIN).expect(200);
    const feed = (await readFeed(t, start)).filter((change) => change.id === created.id);
    expect(feed.map((change) => [change.type, change.action])).toEqual([
      ['__plural__', 'created'],
      ['__plural__', 'removed'],
    ]);
  });
});
